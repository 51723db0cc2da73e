// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "./interfaces/ISystem.sol";

/// @title PolyDot — Prediction Market Protocol on Polkadot Hub
/// @notice YES/NO prediction markets with native PAS bets and optimistic resolution
/// @dev Uses Polkadot System Precompile (0x900) for on-chain identity verification
contract PolyDot {
    // ═══════════════════════════════════════════════════
    // Enums
    // ═══════════════════════════════════════════════════

    enum Outcome { NONE, YES, NO }
    enum MarketStatus { OPEN, CLOSED, PROPOSED, DISPUTED, RESOLVED, CANCELLED }

    // ═══════════════════════════════════════════════════
    // Structs
    // ═══════════════════════════════════════════════════

    struct Market {
        string question;
        address creator;
        uint256 deadline;
        uint256 yesPool;
        uint256 noPool;
        uint256 createdAt;
        MarketStatus status;
        Outcome result;
    }

    struct Proposal {
        address proposer;
        Outcome proposedOutcome;
        uint256 proposedAt;
        bool disputed;
        address disputer;
        bytes32 proposerSubstrateId;
        bytes32 disputerSubstrateId;
    }

    struct Position {
        Outcome side;
        uint256 amount;
        bool claimed;
    }

    // ═══════════════════════════════════════════════════
    // Constants
    // ═══════════════════════════════════════════════════

    uint256 public constant PROPOSAL_BOND = 0.05 ether;
    uint256 public constant CHALLENGE_WINDOW = 2 hours;
    uint256 public constant CREATOR_WINDOW = 24 hours;
    uint256 public constant PLATFORM_FEE_BPS = 100; // 1%
    uint256 public constant MIN_BET = 0.001 ether;
    uint256 public constant MAX_QUESTION_LENGTH = 280;

    // ═══════════════════════════════════════════════════
    // State
    // ═══════════════════════════════════════════════════

    uint256 public marketCount;
    address public feeRecipient;
    ISystem public systemPrecompile;

    mapping(uint256 => Market) public markets;
    mapping(uint256 => Proposal) public proposals;
    mapping(uint256 => mapping(address => Position)) public positions;

    // ═══════════════════════════════════════════════════
    // Events
    // ═══════════════════════════════════════════════════

    event MarketCreated(uint256 indexed id, address indexed creator, string question, uint256 deadline);
    event BetPlaced(uint256 indexed marketId, address indexed bettor, uint8 side, uint256 amount);
    event MarketClosed(uint256 indexed marketId);
    event OutcomeProposed(uint256 indexed marketId, address indexed proposer, uint8 outcome, bytes32 proposerSubstrateId);
    event OutcomeDisputed(uint256 indexed marketId, address indexed disputer, bytes32 disputerSubstrateId);
    event MarketResolved(uint256 indexed marketId, uint8 result, address resolvedBy);
    event MarketCancelled(uint256 indexed marketId, string reason);
    event Claimed(uint256 indexed marketId, address indexed user, uint256 amount);
    event BondReturned(uint256 indexed marketId, address indexed to, uint256 amount);

    // ═══════════════════════════════════════════════════
    // Constructor
    // ═══════════════════════════════════════════════════

    constructor(address _feeRecipient, address _systemPrecompile) {
        require(_feeRecipient != address(0), "Zero fee recipient");
        require(_systemPrecompile != address(0), "Zero system precompile");
        feeRecipient = _feeRecipient;
        systemPrecompile = ISystem(_systemPrecompile);
    }

    // ═══════════════════════════════════════════════════
    // Market Creation
    // ═══════════════════════════════════════════════════

    function createMarket(string calldata question, uint256 deadline) external returns (uint256 marketId) {
        require(bytes(question).length > 0, "Empty question");
        require(bytes(question).length <= MAX_QUESTION_LENGTH, "Question too long");
        require(deadline > block.timestamp + 1 hours, "Deadline too soon");
        require(deadline < block.timestamp + 365 days, "Deadline too far");

        marketId = marketCount;
        marketCount++;

        markets[marketId] = Market({
            question: question,
            creator: msg.sender,
            deadline: deadline,
            yesPool: 0,
            noPool: 0,
            createdAt: block.timestamp,
            status: MarketStatus.OPEN,
            result: Outcome.NONE
        });

        emit MarketCreated(marketId, msg.sender, question, deadline);
    }

    // ═══════════════════════════════════════════════════
    // Betting
    // ═══════════════════════════════════════════════════

    function bet(uint256 marketId, uint8 side) external payable {
        Market storage m = markets[marketId];
        require(m.status == MarketStatus.OPEN, "Market not open");
        require(block.timestamp < m.deadline, "Deadline passed");
        require(side == 1 || side == 2, "Invalid side");
        require(msg.value >= MIN_BET, "Below minimum bet");
        require(positions[marketId][msg.sender].amount == 0, "Already bet");

        if (side == 1) {
            m.yesPool += msg.value;
        } else {
            m.noPool += msg.value;
        }

        positions[marketId][msg.sender] = Position({
            side: Outcome(side),
            amount: msg.value,
            claimed: false
        });

        emit BetPlaced(marketId, msg.sender, side, msg.value);
    }

    // ═══════════════════════════════════════════════════
    // Close Market
    // ═══════════════════════════════════════════════════

    function closeMarket(uint256 marketId) external {
        Market storage m = markets[marketId];
        require(m.status == MarketStatus.OPEN, "Market not open");
        require(block.timestamp >= m.deadline, "Deadline not reached");

        if (m.yesPool == 0 && m.noPool == 0) {
            m.status = MarketStatus.CANCELLED;
            emit MarketCancelled(marketId, "No bets placed");
        } else if (m.yesPool == 0 || m.noPool == 0) {
            m.status = MarketStatus.CANCELLED;
            emit MarketCancelled(marketId, "Only one side has bets");
        } else {
            m.status = MarketStatus.CLOSED;
            emit MarketClosed(marketId);
        }
    }

    // ═══════════════════════════════════════════════════
    // Propose Outcome (PVM Feature: System Precompile)
    // ═══════════════════════════════════════════════════

    function proposeOutcome(uint256 marketId, uint8 outcome) external payable {
        Market storage m = markets[marketId];
        require(m.status == MarketStatus.CLOSED, "Market not closed");
        require(outcome == 1 || outcome == 2, "Invalid outcome");
        require(msg.value == PROPOSAL_BOND, "Wrong bond amount");
        require(proposals[marketId].proposer == address(0), "Already proposed");

        // PVM: Convert EVM address to Polkadot Substrate AccountId
        bytes memory accountIdBytes = systemPrecompile.toAccountId(msg.sender);
        bytes32 substrateId;
        if (accountIdBytes.length >= 32) {
            assembly {
                substrateId := mload(add(accountIdBytes, 32))
            }
        }

        proposals[marketId] = Proposal({
            proposer: msg.sender,
            proposedOutcome: Outcome(outcome),
            proposedAt: block.timestamp,
            disputed: false,
            disputer: address(0),
            proposerSubstrateId: substrateId,
            disputerSubstrateId: bytes32(0)
        });

        m.status = MarketStatus.PROPOSED;

        emit OutcomeProposed(marketId, msg.sender, outcome, substrateId);
    }

    // ═══════════════════════════════════════════════════
    // Dispute Proposal (PVM Feature: System Precompile)
    // ═══════════════════════════════════════════════════

    function disputeProposal(uint256 marketId) external payable {
        Market storage m = markets[marketId];
        Proposal storage p = proposals[marketId];
        require(m.status == MarketStatus.PROPOSED, "Market not proposed");
        require(!p.disputed, "Already disputed");
        require(msg.sender != p.proposer, "Proposer cannot dispute own proposal");
        require(block.timestamp <= p.proposedAt + CHALLENGE_WINDOW, "Challenge window closed");
        require(msg.value == PROPOSAL_BOND, "Wrong bond amount");

        // PVM: Convert EVM address to Polkadot Substrate AccountId
        bytes memory accountIdBytes = systemPrecompile.toAccountId(msg.sender);
        bytes32 substrateId;
        if (accountIdBytes.length >= 32) {
            assembly {
                substrateId := mload(add(accountIdBytes, 32))
            }
        }

        p.disputed = true;
        p.disputer = msg.sender;
        p.disputerSubstrateId = substrateId;
        m.status = MarketStatus.DISPUTED;

        emit OutcomeDisputed(marketId, msg.sender, substrateId);
    }

    // ═══════════════════════════════════════════════════
    // Finalize Undisputed
    // ═══════════════════════════════════════════════════

    function finalizeUndisputed(uint256 marketId) external {
        Market storage m = markets[marketId];
        Proposal storage p = proposals[marketId];
        require(m.status == MarketStatus.PROPOSED, "Market not proposed");
        require(!p.disputed, "Proposal was disputed");
        require(block.timestamp > p.proposedAt + CHALLENGE_WINDOW, "Challenge window still open");

        m.result = p.proposedOutcome;
        m.status = MarketStatus.RESOLVED;

        // Return bond to proposer
        (bool ok,) = p.proposer.call{value: PROPOSAL_BOND}("");
        require(ok, "Bond return failed");

        emit BondReturned(marketId, p.proposer, PROPOSAL_BOND);
        emit MarketResolved(marketId, uint8(p.proposedOutcome), p.proposer);
    }

    // ═══════════════════════════════════════════════════
    // Creator Resolve Dispute
    // ═══════════════════════════════════════════════════

    function creatorResolveDispute(uint256 marketId, uint8 finalOutcome) external {
        Market storage m = markets[marketId];
        Proposal storage p = proposals[marketId];
        require(m.status == MarketStatus.DISPUTED, "Market not disputed");
        require(msg.sender == m.creator, "Only creator");
        require(finalOutcome == 1 || finalOutcome == 2, "Invalid outcome");

        m.result = Outcome(finalOutcome);
        m.status = MarketStatus.RESOLVED;

        if (Outcome(finalOutcome) == p.proposedOutcome) {
            // Proposer was right — return their bond, slash disputer
            (bool ok1,) = p.proposer.call{value: PROPOSAL_BOND}("");
            require(ok1, "Bond return failed");
            emit BondReturned(marketId, p.proposer, PROPOSAL_BOND);

            (bool ok2,) = feeRecipient.call{value: PROPOSAL_BOND}("");
            require(ok2, "Fee transfer failed");
        } else {
            // Disputer was right — return their bond, slash proposer
            (bool ok1,) = p.disputer.call{value: PROPOSAL_BOND}("");
            require(ok1, "Bond return failed");
            emit BondReturned(marketId, p.disputer, PROPOSAL_BOND);

            (bool ok2,) = feeRecipient.call{value: PROPOSAL_BOND}("");
            require(ok2, "Fee transfer failed");
        }

        emit MarketResolved(marketId, finalOutcome, msg.sender);
    }

    // ═══════════════════════════════════════════════════
    // Cancel Expired Dispute
    // ═══════════════════════════════════════════════════

    function cancelExpiredDispute(uint256 marketId) external {
        Market storage m = markets[marketId];
        Proposal storage p = proposals[marketId];
        require(m.status == MarketStatus.DISPUTED, "Market not disputed");
        require(block.timestamp > p.proposedAt + CHALLENGE_WINDOW + CREATOR_WINDOW, "Creator window still open");

        m.status = MarketStatus.CANCELLED;

        // Both bonds go to fee recipient
        (bool ok,) = feeRecipient.call{value: 2 * PROPOSAL_BOND}("");
        require(ok, "Fee transfer failed");

        emit MarketCancelled(marketId, "Creator did not resolve dispute");
    }

    // ═══════════════════════════════════════════════════
    // Claim
    // ═══════════════════════════════════════════════════

    function claim(uint256 marketId) external {
        Position storage pos = positions[marketId][msg.sender];
        require(pos.amount > 0, "No position");
        require(!pos.claimed, "Already claimed");

        // CEI: mark claimed before transfers
        pos.claimed = true;

        Market storage m = markets[marketId];

        if (m.status == MarketStatus.CANCELLED) {
            // Full refund, no fee
            (bool ok,) = msg.sender.call{value: pos.amount}("");
            require(ok, "Refund failed");
            emit Claimed(marketId, msg.sender, pos.amount);
        } else if (m.status == MarketStatus.RESOLVED) {
            require(pos.side == m.result, "You are on the losing side");

            uint256 totalPool = m.yesPool + m.noPool;
            uint256 winningPool = m.result == Outcome.YES ? m.yesPool : m.noPool;
            uint256 grossPayout = (pos.amount * totalPool) / winningPool;
            uint256 fee = (grossPayout * PLATFORM_FEE_BPS) / 10000;
            uint256 netPayout = grossPayout - fee;

            (bool ok1,) = feeRecipient.call{value: fee}("");
            require(ok1, "Fee transfer failed");

            (bool ok2,) = msg.sender.call{value: netPayout}("");
            require(ok2, "Payout failed");

            emit Claimed(marketId, msg.sender, netPayout);
        } else {
            revert("Market not yet resolved");
        }
    }

    // ═══════════════════════════════════════════════════
    // View Functions
    // ═══════════════════════════════════════════════════

    function getMarket(uint256 marketId) external view returns (Market memory) {
        return markets[marketId];
    }

    function getProposal(uint256 marketId) external view returns (Proposal memory) {
        return proposals[marketId];
    }

    function getPosition(uint256 marketId, address user) external view returns (Position memory) {
        return positions[marketId][user];
    }

    function getOdds(uint256 marketId) external view returns (uint256 yesPct, uint256 noPct) {
        Market storage m = markets[marketId];
        uint256 totalPool = m.yesPool + m.noPool;
        if (totalPool == 0) {
            return (50, 50);
        }
        yesPct = (m.yesPool * 100) / totalPool;
        noPct = 100 - yesPct;
    }

    function getAllMarkets() external view returns (Market[] memory) {
        Market[] memory all = new Market[](marketCount);
        for (uint256 i = 0; i < marketCount; i++) {
            all[i] = markets[i];
        }
        return all;
    }
}

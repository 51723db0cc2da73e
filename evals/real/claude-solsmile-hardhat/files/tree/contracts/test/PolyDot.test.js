const { expect } = require("chai");
const { ethers } = require("hardhat");
const { time, loadFixture } = require("@nomicfoundation/hardhat-network-helpers");

describe("PolyDot", function () {
  const PROPOSAL_BOND = ethers.parseEther("0.05");
  const MIN_BET = ethers.parseEther("0.001");
  const ONE_HOUR = 3600;
  const TWO_HOURS = 7200;
  const ONE_DAY = 86400;
  const SEVEN_DAYS = 7 * ONE_DAY;

  async function deployFixture() {
    const [owner, alice, bob, carol, dave] = await ethers.getSigners();

    const MockSystem = await ethers.getContractFactory("MockSystem");
    const mockSystem = await MockSystem.deploy();

    const PolyDot = await ethers.getContractFactory("PolyDot");
    const polydot = await PolyDot.deploy(owner.address, await mockSystem.getAddress());

    return { polydot, mockSystem, owner, alice, bob, carol, dave };
  }

  async function marketCreatedFixture() {
    const fixture = await deployFixture();
    const deadline = (await time.latest()) + SEVEN_DAYS;
    await fixture.polydot.createMarket("Will ETH hit 10k?", deadline);
    return { ...fixture, deadline };
  }

  async function betsPlacedFixture() {
    const fixture = await marketCreatedFixture();
    const { polydot, alice, bob } = fixture;
    await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") }); // YES
    await polydot.connect(bob).bet(0, 2, { value: ethers.parseEther("1") }); // NO
    return fixture;
  }

  async function closedMarketFixture() {
    const fixture = await betsPlacedFixture();
    await time.increase(SEVEN_DAYS);
    await fixture.polydot.closeMarket(0);
    return fixture;
  }

  async function proposedMarketFixture() {
    const fixture = await closedMarketFixture();
    await fixture.polydot.connect(fixture.alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
    return fixture;
  }

  async function disputedMarketFixture() {
    const fixture = await proposedMarketFixture();
    await fixture.polydot.connect(fixture.bob).disputeProposal(0, { value: PROPOSAL_BOND });
    return fixture;
  }

  // ═══════════════════════════════════════════════════
  // GROUP 1 — Deployment
  // ═══════════════════════════════════════════════════

  describe("Deployment", function () {
    it("Should set fee recipient correctly", async function () {
      const { polydot, owner } = await loadFixture(deployFixture);
      expect(await polydot.feeRecipient()).to.equal(owner.address);
    });

    it("Should set system precompile address correctly", async function () {
      const { polydot, mockSystem } = await loadFixture(deployFixture);
      expect(await polydot.systemPrecompile()).to.equal(await mockSystem.getAddress());
    });

    it("Should start with marketCount at 0", async function () {
      const { polydot } = await loadFixture(deployFixture);
      expect(await polydot.marketCount()).to.equal(0);
    });

    it("Should revert if fee recipient is zero address", async function () {
      const MockSystem = await ethers.getContractFactory("MockSystem");
      const mockSystem = await MockSystem.deploy();
      const PolyDot = await ethers.getContractFactory("PolyDot");
      await expect(
        PolyDot.deploy(ethers.ZeroAddress, await mockSystem.getAddress())
      ).to.be.revertedWith("Zero fee recipient");
    });

    it("Should revert if system precompile is zero address", async function () {
      const [owner] = await ethers.getSigners();
      const PolyDot = await ethers.getContractFactory("PolyDot");
      await expect(
        PolyDot.deploy(owner.address, ethers.ZeroAddress)
      ).to.be.revertedWith("Zero system precompile");
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 2 — createMarket
  // ═══════════════════════════════════════════════════

  describe("createMarket", function () {
    it("Should store all fields correctly", async function () {
      const { polydot, owner } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;
      await polydot.createMarket("Test question?", deadline);
      const m = await polydot.getMarket(0);
      expect(m.question).to.equal("Test question?");
      expect(m.creator).to.equal(owner.address);
      expect(m.deadline).to.equal(deadline);
      expect(m.yesPool).to.equal(0);
      expect(m.noPool).to.equal(0);
    });

    it("Should increment marketCount", async function () {
      const { polydot } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;
      await polydot.createMarket("Q1?", deadline);
      await polydot.createMarket("Q2?", deadline);
      expect(await polydot.marketCount()).to.equal(2);
    });

    it("Should set status to OPEN", async function () {
      const { polydot } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;
      await polydot.createMarket("Q?", deadline);
      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(0); // OPEN
    });

    it("Should set result to NONE", async function () {
      const { polydot } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;
      await polydot.createMarket("Q?", deadline);
      const m = await polydot.getMarket(0);
      expect(m.result).to.equal(0); // NONE
    });

    it("Should emit MarketCreated with correct args", async function () {
      const { polydot, owner } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;
      await expect(polydot.createMarket("Test?", deadline))
        .to.emit(polydot, "MarketCreated")
        .withArgs(0, owner.address, "Test?", deadline);
    });

    it("Should revert on empty question", async function () {
      const { polydot } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;
      await expect(polydot.createMarket("", deadline)).to.be.revertedWith("Empty question");
    });

    it("Should revert on question > 280 chars", async function () {
      const { polydot } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;
      const longQ = "A".repeat(281);
      await expect(polydot.createMarket(longQ, deadline)).to.be.revertedWith("Question too long");
    });

    it("Should revert if deadline < 1 hour from now", async function () {
      const { polydot } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + 1800; // 30 min
      await expect(polydot.createMarket("Q?", deadline)).to.be.revertedWith("Deadline too soon");
    });

    it("Should revert if deadline > 365 days from now", async function () {
      const { polydot } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + 366 * ONE_DAY;
      await expect(polydot.createMarket("Q?", deadline)).to.be.revertedWith("Deadline too far");
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 3 — bet
  // ═══════════════════════════════════════════════════

  describe("bet", function () {
    it("Should update yesPool for YES bet", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") });
      const m = await polydot.getMarket(0);
      expect(m.yesPool).to.equal(ethers.parseEther("1"));
    });

    it("Should update noPool for NO bet", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 2, { value: ethers.parseEther("1") });
      const m = await polydot.getMarket(0);
      expect(m.noPool).to.equal(ethers.parseEther("1"));
    });

    it("Should record position correctly", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("0.5") });
      const pos = await polydot.getPosition(0, alice.address);
      expect(pos.side).to.equal(1); // YES
      expect(pos.amount).to.equal(ethers.parseEther("0.5"));
      expect(pos.claimed).to.equal(false);
    });

    it("Should emit BetPlaced with correct args", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      const amount = ethers.parseEther("0.5");
      await expect(polydot.connect(alice).bet(0, 1, { value: amount }))
        .to.emit(polydot, "BetPlaced")
        .withArgs(0, alice.address, 1, amount);
    });

    it("Should revert if amount < MIN_BET", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await expect(
        polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("0.0001") })
      ).to.be.revertedWith("Below minimum bet");
    });

    it("Should revert if status != OPEN", async function () {
      const { polydot, carol } = await loadFixture(closedMarketFixture);
      await expect(
        polydot.connect(carol).bet(0, 1, { value: ethers.parseEther("1") })
      ).to.be.revertedWith("Market not open");
    });

    it("Should revert if past deadline", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await time.increase(SEVEN_DAYS + 1);
      await expect(
        polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") })
      ).to.be.revertedWith("Deadline passed");
    });

    it("Should revert on side=0 (NONE)", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await expect(
        polydot.connect(alice).bet(0, 0, { value: ethers.parseEther("1") })
      ).to.be.revertedWith("Invalid side");
    });

    it("Should revert if same address bets twice", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") });
      await expect(
        polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") })
      ).to.be.revertedWith("Already bet");
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 4 — closeMarket
  // ═══════════════════════════════════════════════════

  describe("closeMarket", function () {
    it("Should set CLOSED when both pools have bets", async function () {
      const { polydot } = await loadFixture(betsPlacedFixture);
      await time.increase(SEVEN_DAYS);
      await polydot.closeMarket(0);
      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(1); // CLOSED
    });

    it("Should set CANCELLED with no bets", async function () {
      const { polydot } = await loadFixture(marketCreatedFixture);
      await time.increase(SEVEN_DAYS);
      await expect(polydot.closeMarket(0))
        .to.emit(polydot, "MarketCancelled")
        .withArgs(0, "No bets placed");
      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(5); // CANCELLED
    });

    it("Should set CANCELLED when only YES bets", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") });
      await time.increase(SEVEN_DAYS);
      await expect(polydot.closeMarket(0))
        .to.emit(polydot, "MarketCancelled")
        .withArgs(0, "Only one side has bets");
    });

    it("Should set CANCELLED when only NO bets", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 2, { value: ethers.parseEther("1") });
      await time.increase(SEVEN_DAYS);
      await expect(polydot.closeMarket(0))
        .to.emit(polydot, "MarketCancelled")
        .withArgs(0, "Only one side has bets");
    });

    it("Should revert if deadline not reached", async function () {
      const { polydot } = await loadFixture(marketCreatedFixture);
      await expect(polydot.closeMarket(0)).to.be.revertedWith("Deadline not reached");
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 5 — proposeOutcome
  // ═══════════════════════════════════════════════════

  describe("proposeOutcome", function () {
    it("Should set status to PROPOSED", async function () {
      const { polydot, alice } = await loadFixture(closedMarketFixture);
      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(2); // PROPOSED
    });

    it("Should record proposer, proposedOutcome, proposedAt", async function () {
      const { polydot, alice } = await loadFixture(closedMarketFixture);
      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      const p = await polydot.getProposal(0);
      expect(p.proposer).to.equal(alice.address);
      expect(p.proposedOutcome).to.equal(1); // YES
      expect(p.proposedAt).to.be.gt(0);
    });

    it("Should record non-zero proposerSubstrateId from MockSystem", async function () {
      const { polydot, alice } = await loadFixture(closedMarketFixture);
      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      const p = await polydot.getProposal(0);
      expect(p.proposerSubstrateId).to.not.equal(ethers.ZeroHash);
    });

    it("Should emit OutcomeProposed with substrate ID", async function () {
      const { polydot, alice } = await loadFixture(closedMarketFixture);
      await expect(polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND }))
        .to.emit(polydot, "OutcomeProposed");
    });

    it("Should revert if status != CLOSED", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await expect(
        polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND })
      ).to.be.revertedWith("Market not closed");
    });

    it("Should revert if msg.value != PROPOSAL_BOND", async function () {
      const { polydot, alice } = await loadFixture(closedMarketFixture);
      await expect(
        polydot.connect(alice).proposeOutcome(0, 1, { value: ethers.parseEther("0.01") })
      ).to.be.revertedWith("Wrong bond amount");
    });

    it("Should revert if outcome == 0", async function () {
      const { polydot, alice } = await loadFixture(closedMarketFixture);
      await expect(
        polydot.connect(alice).proposeOutcome(0, 0, { value: PROPOSAL_BOND })
      ).to.be.revertedWith("Invalid outcome");
    });

    it("Should revert if proposal already exists", async function () {
      const { polydot, alice, bob } = await loadFixture(closedMarketFixture);
      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      // Status is now PROPOSED, so second attempt hits "Market not closed" first
      await expect(
        polydot.connect(bob).proposeOutcome(0, 2, { value: PROPOSAL_BOND })
      ).to.be.revertedWith("Market not closed");
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 6 — disputeProposal
  // ═══════════════════════════════════════════════════

  describe("disputeProposal", function () {
    it("Should set disputed=true and record disputer info", async function () {
      const { polydot, bob } = await loadFixture(proposedMarketFixture);
      await polydot.connect(bob).disputeProposal(0, { value: PROPOSAL_BOND });
      const p = await polydot.getProposal(0);
      expect(p.disputed).to.equal(true);
      expect(p.disputer).to.equal(bob.address);
    });

    it("Should record non-zero disputerSubstrateId", async function () {
      const { polydot, bob } = await loadFixture(proposedMarketFixture);
      await polydot.connect(bob).disputeProposal(0, { value: PROPOSAL_BOND });
      const p = await polydot.getProposal(0);
      expect(p.disputerSubstrateId).to.not.equal(ethers.ZeroHash);
    });

    it("Should set status to DISPUTED", async function () {
      const { polydot, bob } = await loadFixture(proposedMarketFixture);
      await polydot.connect(bob).disputeProposal(0, { value: PROPOSAL_BOND });
      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(3); // DISPUTED
    });

    it("Should emit OutcomeDisputed", async function () {
      const { polydot, bob } = await loadFixture(proposedMarketFixture);
      await expect(polydot.connect(bob).disputeProposal(0, { value: PROPOSAL_BOND }))
        .to.emit(polydot, "OutcomeDisputed");
    });

    it("Should revert if challenge window passed", async function () {
      const { polydot, bob } = await loadFixture(proposedMarketFixture);
      await time.increase(TWO_HOURS + 1);
      await expect(
        polydot.connect(bob).disputeProposal(0, { value: PROPOSAL_BOND })
      ).to.be.revertedWith("Challenge window closed");
    });

    it("Should revert if proposer tries to dispute own proposal", async function () {
      const { polydot, alice } = await loadFixture(proposedMarketFixture);
      await expect(
        polydot.connect(alice).disputeProposal(0, { value: PROPOSAL_BOND })
      ).to.be.revertedWith("Proposer cannot dispute own proposal");
    });

    it("Should revert if msg.value != PROPOSAL_BOND", async function () {
      const { polydot, bob } = await loadFixture(proposedMarketFixture);
      await expect(
        polydot.connect(bob).disputeProposal(0, { value: ethers.parseEther("0.01") })
      ).to.be.revertedWith("Wrong bond amount");
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 7 — finalizeUndisputed
  // ═══════════════════════════════════════════════════

  describe("finalizeUndisputed", function () {
    it("Should resolve market with proposed outcome", async function () {
      const { polydot } = await loadFixture(proposedMarketFixture);
      await time.increase(TWO_HOURS + 1);
      await polydot.finalizeUndisputed(0);
      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(4); // RESOLVED
      expect(m.result).to.equal(1); // YES
    });

    it("Should return PROPOSAL_BOND to proposer", async function () {
      const { polydot, alice } = await loadFixture(proposedMarketFixture);
      await time.increase(TWO_HOURS + 1);
      await expect(polydot.finalizeUndisputed(0)).to.changeEtherBalance(alice, PROPOSAL_BOND);
    });

    it("Should emit MarketResolved and BondReturned", async function () {
      const { polydot, alice } = await loadFixture(proposedMarketFixture);
      await time.increase(TWO_HOURS + 1);
      await expect(polydot.finalizeUndisputed(0))
        .to.emit(polydot, "BondReturned")
        .withArgs(0, alice.address, PROPOSAL_BOND)
        .and.to.emit(polydot, "MarketResolved");
    });

    it("Should revert if challenge window still open", async function () {
      const { polydot } = await loadFixture(proposedMarketFixture);
      await expect(polydot.finalizeUndisputed(0)).to.be.revertedWith("Challenge window still open");
    });

    it("Should revert if proposal was disputed", async function () {
      const { polydot } = await loadFixture(disputedMarketFixture);
      await time.increase(TWO_HOURS + 1);
      await expect(polydot.finalizeUndisputed(0)).to.be.revertedWith("Market not proposed");
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 8 — creatorResolveDispute
  // ═══════════════════════════════════════════════════

  describe("creatorResolveDispute", function () {
    it("Should resolve correctly when proposer was right", async function () {
      const { polydot, owner, alice } = await loadFixture(disputedMarketFixture);
      // Proposer (alice) proposed YES (1), resolve with YES (1)
      await expect(polydot.connect(owner).creatorResolveDispute(0, 1))
        .to.changeEtherBalance(alice, PROPOSAL_BOND);
      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(4); // RESOLVED
      expect(m.result).to.equal(1); // YES
    });

    it("Should resolve correctly when disputer was right", async function () {
      const { polydot, owner, bob } = await loadFixture(disputedMarketFixture);
      // Proposer (alice) proposed YES (1), resolve with NO (2) — disputer wins
      await expect(polydot.connect(owner).creatorResolveDispute(0, 2))
        .to.changeEtherBalance(bob, PROPOSAL_BOND);
      const m = await polydot.getMarket(0);
      expect(m.result).to.equal(2); // NO
    });

    it("Should send losing bond to feeRecipient", async function () {
      const { polydot, owner } = await loadFixture(disputedMarketFixture);
      // owner is both creator and feeRecipient — receives the slashed bond
      // But they also call the tx so gas is deducted. Check the fee event instead.
      await expect(polydot.connect(owner).creatorResolveDispute(0, 1))
        .to.emit(polydot, "MarketResolved");
    });

    it("Should revert if caller is not market creator", async function () {
      const { polydot, carol } = await loadFixture(disputedMarketFixture);
      await expect(
        polydot.connect(carol).creatorResolveDispute(0, 1)
      ).to.be.revertedWith("Only creator");
    });

    it("Should revert if status != DISPUTED", async function () {
      const { polydot, owner } = await loadFixture(proposedMarketFixture);
      await expect(
        polydot.connect(owner).creatorResolveDispute(0, 1)
      ).to.be.revertedWith("Market not disputed");
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 9 — cancelExpiredDispute
  // ═══════════════════════════════════════════════════

  describe("cancelExpiredDispute", function () {
    it("Should cancel and send both bonds to fee recipient", async function () {
      const { polydot, owner } = await loadFixture(disputedMarketFixture);
      await time.increase(TWO_HOURS + ONE_DAY + 1);
      await expect(polydot.cancelExpiredDispute(0))
        .to.changeEtherBalance(owner, PROPOSAL_BOND * 2n);
      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(5); // CANCELLED
    });

    it("Should revert if creator window still open", async function () {
      const { polydot } = await loadFixture(disputedMarketFixture);
      await expect(polydot.cancelExpiredDispute(0)).to.be.revertedWith("Creator window still open");
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 10 — claim
  // ═══════════════════════════════════════════════════

  describe("claim", function () {
    it("Should pay winner correct net payout (minus 1% fee)", async function () {
      const { polydot, alice, bob } = await loadFixture(closedMarketFixture);
      // alice bet 1 YES, bob bet 1 NO — totalPool=2, winningPool=1
      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      await time.increase(TWO_HOURS + 1);
      await polydot.finalizeUndisputed(0);

      // grossPayout = (1 * 2) / 1 = 2 ETH
      // fee = 2 * 100 / 10000 = 0.02 ETH
      // netPayout = 1.98 ETH
      const expectedNet = ethers.parseEther("1.98");
      await expect(polydot.connect(alice).claim(0))
        .to.changeEtherBalance(alice, expectedNet);
    });

    it("Should send 1% fee to feeRecipient", async function () {
      const { polydot, alice, owner } = await loadFixture(closedMarketFixture);
      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      await time.increase(TWO_HOURS + 1);
      await polydot.finalizeUndisputed(0);

      const expectedFee = ethers.parseEther("0.02");
      await expect(polydot.connect(alice).claim(0))
        .to.changeEtherBalance(owner, expectedFee);
    });

    it("Should revert for loser with correct message", async function () {
      const { polydot, alice, bob } = await loadFixture(closedMarketFixture);
      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      await time.increase(TWO_HOURS + 1);
      await polydot.finalizeUndisputed(0);

      await expect(polydot.connect(bob).claim(0))
        .to.be.revertedWith("You are on the losing side");
    });

    it("Should refund full amount on cancelled market (no fee)", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") });
      await time.increase(SEVEN_DAYS);
      await polydot.closeMarket(0); // Cancelled — only one side
      await expect(polydot.connect(alice).claim(0))
        .to.changeEtherBalance(alice, ethers.parseEther("1"));
    });

    it("Should not send fee to feeRecipient on cancelled market", async function () {
      const { polydot, alice, owner } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") });
      await time.increase(SEVEN_DAYS);
      await polydot.closeMarket(0);
      await expect(polydot.connect(alice).claim(0))
        .to.changeEtherBalance(owner, 0);
    });

    it("Should revert on double claim", async function () {
      const { polydot, alice } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") });
      await time.increase(SEVEN_DAYS);
      await polydot.closeMarket(0);
      await polydot.connect(alice).claim(0);
      await expect(polydot.connect(alice).claim(0))
        .to.be.revertedWith("Already claimed");
    });

    it("Should revert if no position exists", async function () {
      const { polydot, carol } = await loadFixture(closedMarketFixture);
      await polydot.connect(carol).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      await time.increase(TWO_HOURS + 1);
      await polydot.finalizeUndisputed(0);
      await expect(polydot.connect(carol).claim(0))
        .to.be.revertedWith("No position");
    });

    it("Should revert if market not resolved/cancelled", async function () {
      const { polydot, alice } = await loadFixture(betsPlacedFixture);
      await expect(polydot.connect(alice).claim(0))
        .to.be.revertedWith("Market not yet resolved");
    });

    it("Should pay proportional payouts to multiple winners", async function () {
      const { polydot, owner, alice, bob, carol } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;
      await polydot.createMarket("Multi-winner test?", deadline);

      // alice bets 3 YES, carol bets 1 YES, bob bets 2 NO
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("3") });
      await polydot.connect(carol).bet(0, 1, { value: ethers.parseEther("1") });
      // carol already bet YES, bob bets NO
      await polydot.connect(bob).bet(0, 2, { value: ethers.parseEther("2") });

      await time.increase(SEVEN_DAYS);
      await polydot.closeMarket(0);
      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      await time.increase(TWO_HOURS + 1);
      await polydot.finalizeUndisputed(0);

      // totalPool=6, yesPool=4
      // alice: (3*6)/4 = 4.5, fee=0.045, net=4.455
      // carol: (1*6)/4 = 1.5, fee=0.015, net=1.485
      const aliceNet = ethers.parseEther("4.455");
      const carolNet = ethers.parseEther("1.485");

      await expect(polydot.connect(alice).claim(0)).to.changeEtherBalance(alice, aliceNet);
      await expect(polydot.connect(carol).claim(0)).to.changeEtherBalance(carol, carolNet);
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 11 — getOdds
  // ═══════════════════════════════════════════════════

  describe("getOdds", function () {
    it("Should return 50/50 with no bets", async function () {
      const { polydot } = await loadFixture(marketCreatedFixture);
      const [yesPct, noPct] = await polydot.getOdds(0);
      expect(yesPct).to.equal(50);
      expect(noPct).to.equal(50);
    });

    it("Should return correct split with bets (75/25)", async function () {
      const { polydot, alice, bob } = await loadFixture(marketCreatedFixture);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("3") });
      await polydot.connect(bob).bet(0, 2, { value: ethers.parseEther("1") });
      const [yesPct, noPct] = await polydot.getOdds(0);
      expect(yesPct).to.equal(75);
      expect(noPct).to.equal(25);
    });
  });

  // ═══════════════════════════════════════════════════
  // GROUP 12 — Full lifecycle integration tests
  // ═══════════════════════════════════════════════════

  describe("Full lifecycle integration", function () {
    it("Happy path: create → bet both sides → close → propose → finalize → claim", async function () {
      const { polydot, owner, alice, bob } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;

      await polydot.createMarket("Will it rain tomorrow?", deadline);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("2") });
      await polydot.connect(bob).bet(0, 2, { value: ethers.parseEther("1") });

      await time.increase(SEVEN_DAYS);
      await polydot.closeMarket(0);

      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND });
      await time.increase(TWO_HOURS + 1);
      await polydot.finalizeUndisputed(0);

      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(4); // RESOLVED
      expect(m.result).to.equal(1); // YES

      // alice wins: gross = (2*3)/2 = 3, fee=0.03, net=2.97
      await expect(polydot.connect(alice).claim(0))
        .to.changeEtherBalance(alice, ethers.parseEther("2.97"));
    });

    it("Dispute path: create → bet → close → propose → dispute → creator resolves → claim", async function () {
      const { polydot, owner, alice, bob } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;

      await polydot.createMarket("Dispute test?", deadline);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") });
      await polydot.connect(bob).bet(0, 2, { value: ethers.parseEther("1") });

      await time.increase(SEVEN_DAYS);
      await polydot.closeMarket(0);

      await polydot.connect(alice).proposeOutcome(0, 1, { value: PROPOSAL_BOND }); // alice proposes YES
      await polydot.connect(bob).disputeProposal(0, { value: PROPOSAL_BOND }); // bob disputes

      // owner resolves in favor of NO (2) — disputer (bob) was right
      await polydot.connect(owner).creatorResolveDispute(0, 2);

      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(4);
      expect(m.result).to.equal(2); // NO

      // bob wins: gross = (1*2)/1 = 2, fee=0.02, net=1.98
      await expect(polydot.connect(bob).claim(0))
        .to.changeEtherBalance(bob, ethers.parseEther("1.98"));
    });

    it("Cancel path: single-side bets → close (auto cancel) → full refunds", async function () {
      const { polydot, owner, alice, bob } = await loadFixture(deployFixture);
      const deadline = (await time.latest()) + SEVEN_DAYS;

      await polydot.createMarket("Cancel test?", deadline);
      await polydot.connect(alice).bet(0, 1, { value: ethers.parseEther("1") });

      await time.increase(SEVEN_DAYS);
      await polydot.closeMarket(0);

      const m = await polydot.getMarket(0);
      expect(m.status).to.equal(5); // CANCELLED

      await expect(polydot.connect(alice).claim(0))
        .to.changeEtherBalance(alice, ethers.parseEther("1"));
    });
  });
});

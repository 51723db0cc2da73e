export const CONTRACT_ADDRESS = "0x0000000000000000000000000000000000000000" as const; // UPDATE AFTER DEPLOY

export const PROPOSAL_BOND = 50000000000000000n; // 0.05 PAS
export const MIN_BET = 1000000000000000n; // 0.001 PAS

export const MarketStatus = {
  OPEN: 0,
  CLOSED: 1,
  PROPOSED: 2,
  DISPUTED: 3,
  RESOLVED: 4,
  CANCELLED: 5,
} as const;

export const Outcome = {
  NONE: 0,
  YES: 1,
  NO: 2,
} as const;

export const POLYDOT_ABI = [
  {
    type: "constructor",
    inputs: [
      { name: "_feeRecipient", type: "address" },
      { name: "_systemPrecompile", type: "address" },
    ],
  },
  // Constants
  { type: "function", name: "PROPOSAL_BOND", inputs: [], outputs: [{ type: "uint256" }], stateMutability: "view" },
  { type: "function", name: "CHALLENGE_WINDOW", inputs: [], outputs: [{ type: "uint256" }], stateMutability: "view" },
  { type: "function", name: "CREATOR_WINDOW", inputs: [], outputs: [{ type: "uint256" }], stateMutability: "view" },
  { type: "function", name: "PLATFORM_FEE_BPS", inputs: [], outputs: [{ type: "uint256" }], stateMutability: "view" },
  { type: "function", name: "MIN_BET", inputs: [], outputs: [{ type: "uint256" }], stateMutability: "view" },
  { type: "function", name: "MAX_QUESTION_LENGTH", inputs: [], outputs: [{ type: "uint256" }], stateMutability: "view" },
  // State
  { type: "function", name: "marketCount", inputs: [], outputs: [{ type: "uint256" }], stateMutability: "view" },
  { type: "function", name: "feeRecipient", inputs: [], outputs: [{ type: "address" }], stateMutability: "view" },
  // createMarket
  {
    type: "function",
    name: "createMarket",
    inputs: [
      { name: "question", type: "string" },
      { name: "deadline", type: "uint256" },
    ],
    outputs: [{ name: "marketId", type: "uint256" }],
    stateMutability: "nonpayable",
  },
  // bet
  {
    type: "function",
    name: "bet",
    inputs: [
      { name: "marketId", type: "uint256" },
      { name: "side", type: "uint8" },
    ],
    outputs: [],
    stateMutability: "payable",
  },
  // closeMarket
  {
    type: "function",
    name: "closeMarket",
    inputs: [{ name: "marketId", type: "uint256" }],
    outputs: [],
    stateMutability: "nonpayable",
  },
  // proposeOutcome
  {
    type: "function",
    name: "proposeOutcome",
    inputs: [
      { name: "marketId", type: "uint256" },
      { name: "outcome", type: "uint8" },
    ],
    outputs: [],
    stateMutability: "payable",
  },
  // disputeProposal
  {
    type: "function",
    name: "disputeProposal",
    inputs: [{ name: "marketId", type: "uint256" }],
    outputs: [],
    stateMutability: "payable",
  },
  // finalizeUndisputed
  {
    type: "function",
    name: "finalizeUndisputed",
    inputs: [{ name: "marketId", type: "uint256" }],
    outputs: [],
    stateMutability: "nonpayable",
  },
  // creatorResolveDispute
  {
    type: "function",
    name: "creatorResolveDispute",
    inputs: [
      { name: "marketId", type: "uint256" },
      { name: "finalOutcome", type: "uint8" },
    ],
    outputs: [],
    stateMutability: "nonpayable",
  },
  // cancelExpiredDispute
  {
    type: "function",
    name: "cancelExpiredDispute",
    inputs: [{ name: "marketId", type: "uint256" }],
    outputs: [],
    stateMutability: "nonpayable",
  },
  // claim
  {
    type: "function",
    name: "claim",
    inputs: [{ name: "marketId", type: "uint256" }],
    outputs: [],
    stateMutability: "nonpayable",
  },
  // View functions
  {
    type: "function",
    name: "getMarket",
    inputs: [{ name: "marketId", type: "uint256" }],
    outputs: [
      {
        type: "tuple",
        components: [
          { name: "question", type: "string" },
          { name: "creator", type: "address" },
          { name: "deadline", type: "uint256" },
          { name: "yesPool", type: "uint256" },
          { name: "noPool", type: "uint256" },
          { name: "createdAt", type: "uint256" },
          { name: "status", type: "uint8" },
          { name: "result", type: "uint8" },
        ],
      },
    ],
    stateMutability: "view",
  },
  {
    type: "function",
    name: "getProposal",
    inputs: [{ name: "marketId", type: "uint256" }],
    outputs: [
      {
        type: "tuple",
        components: [
          { name: "proposer", type: "address" },
          { name: "proposedOutcome", type: "uint8" },
          { name: "proposedAt", type: "uint256" },
          { name: "disputed", type: "bool" },
          { name: "disputer", type: "address" },
          { name: "proposerSubstrateId", type: "bytes32" },
          { name: "disputerSubstrateId", type: "bytes32" },
        ],
      },
    ],
    stateMutability: "view",
  },
  {
    type: "function",
    name: "getPosition",
    inputs: [
      { name: "marketId", type: "uint256" },
      { name: "user", type: "address" },
    ],
    outputs: [
      {
        type: "tuple",
        components: [
          { name: "side", type: "uint8" },
          { name: "amount", type: "uint256" },
          { name: "claimed", type: "bool" },
        ],
      },
    ],
    stateMutability: "view",
  },
  {
    type: "function",
    name: "getOdds",
    inputs: [{ name: "marketId", type: "uint256" }],
    outputs: [
      { name: "yesPct", type: "uint256" },
      { name: "noPct", type: "uint256" },
    ],
    stateMutability: "view",
  },
  {
    type: "function",
    name: "getAllMarkets",
    inputs: [],
    outputs: [
      {
        type: "tuple[]",
        components: [
          { name: "question", type: "string" },
          { name: "creator", type: "address" },
          { name: "deadline", type: "uint256" },
          { name: "yesPool", type: "uint256" },
          { name: "noPool", type: "uint256" },
          { name: "createdAt", type: "uint256" },
          { name: "status", type: "uint8" },
          { name: "result", type: "uint8" },
        ],
      },
    ],
    stateMutability: "view",
  },
  // Events
  {
    type: "event",
    name: "MarketCreated",
    inputs: [
      { name: "id", type: "uint256", indexed: true },
      { name: "creator", type: "address", indexed: true },
      { name: "question", type: "string", indexed: false },
      { name: "deadline", type: "uint256", indexed: false },
    ],
  },
  {
    type: "event",
    name: "BetPlaced",
    inputs: [
      { name: "marketId", type: "uint256", indexed: true },
      { name: "bettor", type: "address", indexed: true },
      { name: "side", type: "uint8", indexed: false },
      { name: "amount", type: "uint256", indexed: false },
    ],
  },
  { type: "event", name: "MarketClosed", inputs: [{ name: "marketId", type: "uint256", indexed: true }] },
  {
    type: "event",
    name: "OutcomeProposed",
    inputs: [
      { name: "marketId", type: "uint256", indexed: true },
      { name: "proposer", type: "address", indexed: true },
      { name: "outcome", type: "uint8", indexed: false },
      { name: "proposerSubstrateId", type: "bytes32", indexed: false },
    ],
  },
  {
    type: "event",
    name: "OutcomeDisputed",
    inputs: [
      { name: "marketId", type: "uint256", indexed: true },
      { name: "disputer", type: "address", indexed: true },
      { name: "disputerSubstrateId", type: "bytes32", indexed: false },
    ],
  },
  {
    type: "event",
    name: "MarketResolved",
    inputs: [
      { name: "marketId", type: "uint256", indexed: true },
      { name: "result", type: "uint8", indexed: false },
      { name: "resolvedBy", type: "address", indexed: false },
    ],
  },
  {
    type: "event",
    name: "MarketCancelled",
    inputs: [
      { name: "marketId", type: "uint256", indexed: true },
      { name: "reason", type: "string", indexed: false },
    ],
  },
  {
    type: "event",
    name: "Claimed",
    inputs: [
      { name: "marketId", type: "uint256", indexed: true },
      { name: "user", type: "address", indexed: true },
      { name: "amount", type: "uint256", indexed: false },
    ],
  },
  {
    type: "event",
    name: "BondReturned",
    inputs: [
      { name: "marketId", type: "uint256", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "amount", type: "uint256", indexed: false },
    ],
  },
] as const;

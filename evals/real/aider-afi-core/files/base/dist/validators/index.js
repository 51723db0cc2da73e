// ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
// ┃ AFI Protocol — Validators Index            ┃
// ┃ Main entry point for all validators        ┃
// ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
// Core validators
export * from './BaselineValidator.js';
export * from './EnsembleScorer.js';
// Types
export * from './types.js';
// Extensions
export * from './ValidatorExtension.js';
export * from './extensions/DecayExtension.js';
export * from './extensions/GreeksExtension.js';
// Modules
export * from './modules/CryptoMomentum.js';
export * from './modules/EquitySentiment.js';
//# sourceMappingURL=index.js.map
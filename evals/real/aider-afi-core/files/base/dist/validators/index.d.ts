export * from './BaselineValidator.js';
export * from './EnsembleScorer.js';
export * from './types.js';
export * from './ValidatorExtension.js';
export * from './extensions/DecayExtension.js';
export * from './extensions/GreeksExtension.js';
export * from './modules/CryptoMomentum.js';
export * from './modules/EquitySentiment.js';
//# sourceMappingURL=index.d.ts.map
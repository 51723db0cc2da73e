// ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
// ┃ AFI Protocol — Schemas Index               ┃
// ┃ Main entry point for all schemas          ┃
// ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
// Core schemas
export * from './universal_signal_schema.js';
export * from './pipeline_config_schema.js';
//# sourceMappingURL=index.js.map
export * from './universal_signal_schema.js';
export * from './pipeline_config_schema.js';
//# sourceMappingURL=index.d.ts.map
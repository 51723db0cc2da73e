import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // outputFileTracingRoot scopes tracing to this app, avoiding repo-root lockfile scanning
  outputFileTracingRoot: process.cwd(),

  // 1. Force these packages to run in Node.js runtime, not the edge or bundled browser runtime
  serverExternalPackages: [
    '@nillion/secretvaults',
    '@nillion/nuc',
  ],

  // 2. Output standalone is good for Docker builds
  output: 'standalone',

  // 3. Webpack config
  webpack: (config, { isServer }) => {
    // Enable async WASM for @noir-lang/backend_barretenberg (Barretenberg proving key)
    config.experiments = {
      ...config.experiments,
      asyncWebAssembly: true,
      layers: true,
    };

    if (isServer) {
      // Ensure we don't try to bundle these test files
      config.resolve.alias = {
        ...config.resolve.alias,
        'thread-stream/test': false,
        'thread-stream/bench': false,
// [34 unchanged lines not reconstructed: see SOURCE]
export default nextConfig;

import fs from 'fs';
import path from 'path';
import process from 'process';
import { fileURLToPath } from 'url';
const __filename = fileURLToPath(import.meta.url);
const __dirname = path.dirname(__filename);
async function simulateSignalProcessing(signals) {
    console.log(`[afi-core] 🚀 Processing ${signals.length} signals through core pipeline`);
    const results = [];
    for (const signal of signals) {
        console.log(`[afi-core] 🔄 Processing signal: ${signal.signalId}`);
        // Simulate core processing stages
        const stages = ['validation', 'mentor-check', 'runtime-eval'];
        for (const stage of stages) {
            console.log(`[afi-core]   📊 Stage: ${stage}`);
            await new Promise(resolve => setTimeout(resolve, 50));
        }
        const result = {
            signalId: signal.signalId,
            processed: true,
            stage: 'completed',
            timestamp: new Date().toISOString()
        };
        results.push(result);
        console.log(`[afi-core] ✅ Signal ${signal.signalId} processed successfully`);
    }
    return results;
}
// Main execution
async function main() {
    const fromVault = process.argv.includes('--from-vault');
    const startTime = new Date();
    console.log(`🚀 AFI-Core Signal Simulation started at ${startTime.toISOString()}`);
    let signals = [];
    if (fromVault) {
        console.log(`📦 Loading signals from vault (mock for afi-core)...`);
        signals = [
            {
                signalId: 'vault-signal-core-001',
                score: 0.87,
                confidence: 0.92,
                timestamp: new Date(Date.now() - 3600000).toISOString(),
                meta: { source: 'vault-replay', component: 'afi-core' }
            },
            {
                signalId: 'vault-signal-core-002',
                score: 0.91,
                confidence: 0.88,
                timestamp: new Date(Date.now() - 7200000).toISOString(),
                meta: { source: 'vault-replay', component: 'afi-core' }
            }
        ];
    }
    else {
        signals = [
            {
                signalId: 'mock-signal-core-001',
                score: Math.random(),
                confidence: 0.95,
                timestamp: new Date().toISOString(),
                meta: { source: 'simulator', component: 'afi-core' }
            },
            {
                signalId: 'mock-signal-core-002',
                score: Math.random(),
                confidence: 0.93,
                timestamp: new Date().toISOString(),
                meta: { source: 'simulator', component: 'afi-core' }
            }
        ];
    }
    try {
        // Run simulation
        const results = await simulateSignalProcessing(signals);
        // Write simulation log
        const logPath = path.resolve(__dirname, '../../tmp/dag-simulation.log.json');
        const logData = {
            timestamp: new Date().toISOString(),
            component: 'afi-core',
            mode: fromVault ? 'vault-replay' : 'simulation',
            signalCount: signals.length,
            results: results,
            duration: Date.now() - startTime.getTime()
        };
        // Ensure tmp directory exists
        const tmpDir = path.dirname(logPath);
        if (!fs.existsSync(tmpDir)) {
            fs.mkdirSync(tmpDir, { recursive: true });
        }
        fs.writeFileSync(logPath, JSON.stringify(logData, null, 2));
        console.log(`📊 Simulation log written to: ${logPath}`);
        console.log(`✅ AFI-Core Signal Simulation completed successfully`);
        process.exit(0);
    }
    catch (error) {
        console.error(`💥 Simulation failed:`, error);
        process.exit(1);
    }
}
main().catch(error => {
    console.error('💥 Fatal error:', error);
    process.exit(1);
});
//# sourceMappingURL=simulate-full-pipeline.js.map
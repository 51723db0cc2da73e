// lib/server/nillion-server.ts
// Production NilDB Storage Layer for Civitas
// Uses @nillion/secretvaults v2.0.0 — SecretVaultBuilderClient
//
// Architecture:
//   4 collections per company (meta, employees, payroll_runs, vouchers)
//   Blindfold client → writes with %allot secret fields
//   Plaintext client → reads, updates, collection management
// [114 unchanged lines not reconstructed: see SOURCE]
export async function withRetry<T>(
// [26 unchanged lines not reconstructed: see SOURCE]
export function extractRecords(result: any): any[] {
// [29 unchanged lines not reconstructed: see SOURCE]
export function isNillionConfigured(): boolean {
// [105 unchanged lines not reconstructed: see SOURCE]
export async function getPlaintextClient(): Promise<SecretVaultBuilderClient> {
// [6 unchanged lines not reconstructed: see SOURCE]
export function nameToUUID(name: string): string {
// [12 unchanged lines not reconstructed: see SOURCE]
export interface CompanyCollections {
// [8 unchanged lines not reconstructed: see SOURCE]
export async function ensureCompanyCollections(companyId: string): Promise<CompanyCollections> {
// [70 unchanged lines not reconstructed: see SOURCE]
export async function upsertCompanyMeta(
// [62 unchanged lines not reconstructed: see SOURCE]
export async function getCompanyMeta(companyId: string) {
// [12 unchanged lines not reconstructed: see SOURCE]
export async function createEmployees(
// [24 unchanged lines not reconstructed: see SOURCE]
export async function listActiveEmployees(companyId: string) {
// [10 unchanged lines not reconstructed: see SOURCE]
export async function createPayrollRun(
// [50 unchanged lines not reconstructed: see SOURCE]
export async function listPayrollRuns(companyId: string) {
// [8 unchanged lines not reconstructed: see SOURCE]
export async function getPayrollRun(companyId: string, runId: string) {
// [10 unchanged lines not reconstructed: see SOURCE]
export async function updatePayrollRunStatus(
// [26 unchanged lines not reconstructed: see SOURCE]
export async function createVoucherBatch(
// [37 unchanged lines not reconstructed: see SOURCE]
export async function listVouchersByEpoch(companyId: string, epoch: string) {
// [8 unchanged lines not reconstructed: see SOURCE]
export async function listVouchersByEmployee(companyId: string, employeeTag: string) {
// [8 unchanged lines not reconstructed: see SOURCE]
export async function listAllVouchers(companyId: string) {
// [8 unchanged lines not reconstructed: see SOURCE]
export async function updateVoucherStatus(
// [148 unchanged lines not reconstructed: see SOURCE]
export async function upsertIdentityRecord(record: Record<string, any>): Promise<void> {
// [33 unchanged lines not reconstructed: see SOURCE]
export async function getIdentityByTag(tag: string): Promise<Record<string, any> | null> {
// [13 unchanged lines not reconstructed: see SOURCE]
export async function getIdentityByUsername(username: string): Promise<Record<string, any> | null> {
// [14 unchanged lines not reconstructed: see SOURCE]
export async function listIdentities(): Promise<Record<string, any>[]> {
// [11 unchanged lines not reconstructed: see SOURCE]
export async function updateIdentityRecord(tag: string, patch: Record<string, any>): Promise<void> {
// [33 unchanged lines not reconstructed: see SOURCE]
export const ensureCollections = ensureCompanyCollections;
// [6 unchanged lines not reconstructed: see SOURCE]
export interface NillionServerClient {
// [1 unchanged lines not reconstructed: see SOURCE]
  createPayrollRun(run: {
    runId: string;
    companyId: string;
    merkleRoot: string;
    totalAmount: string;
    employeeCount: number;
    status: string;
    nilccAttestation: string;
    commitments?: string[];
    epoch?: string;
  }): Promise<void>;
  getPayrollRun(runId: string): Promise<{
    merkleRoot: string;
    epoch: string;
    commitments: string[];
    status: string;
  } | null>;
  settleVoucher(data: {
// [40 unchanged lines not reconstructed: see SOURCE]
export async function getNillionServerClient(): Promise<NillionServerClient> {
// [23 unchanged lines not reconstructed: see SOURCE]
      if (extractRecords(existing).length > 0) return;

      await withRetry(
        () => (getPlaintext() as any).createStandardData({
          collection: colls.payrollRuns,
          data: [{
            _id: crypto.randomUUID(),
            run_id: run.runId,
            epoch: run.epoch || String(Math.floor(Date.now() / 1000)),
            merkle_root: run.merkleRoot,
            commitment_count: String(run.employeeCount),
            status: run.status,
            zk_proof_hash: "",
            tx_hash: "",
            nilcc_attestation: run.nilccAttestation,
            commitments: JSON.stringify(run.commitments || []),
            created_at: new Date().toISOString(),
          }],
        }),
        "createPayrollRun"
      );
    },

    async getPayrollRun(runId) {
// [96 unchanged lines not reconstructed: see SOURCE]
          status: r.status,
        };
      } catch {
        return null;
      }
    },
  };
}

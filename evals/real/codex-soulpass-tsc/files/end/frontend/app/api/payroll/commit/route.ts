/**
 * POST /api/payroll/commit
 * Phase 2 of the employer payroll flow — builds the Anchor IX sequence.
 *
 * Takes a runId + employer address, fetches the commitments from NilDB,
 * chunks them into Solana-sized batches, and returns serialised versioned
 * transactions for the employer's wallet to sign + submit.
 *
// [40 unchanged lines not reconstructed: see SOURCE]
export async function POST(req: NextRequest) {
// [7 unchanged lines not reconstructed: see SOURCE]
    if (!runId || !employerAddress) {
      return NextResponse.json({ error: "Missing runId or employerAddress" }, { status: 400 });
    }

    const connection = new Connection(RPC_ENDPOINT, "confirmed");
    const employer = new PublicKey(employerAddress);

    // ── Fetch commitments from NilDB ──────────────────────────────────────
    const { getPayrollRun } = await import("@/lib/server/nillion-server");
    const storedRun = await getPayrollRun(employerAddress, runId);

    if (!storedRun) {
      return NextResponse.json({ error: "Payroll run not found" }, { status: 404 });
    }

    const runData = {
      merkleRoot: storedRun.merkle_root,
      epoch: storedRun.epoch,
      commitments: (() => {
        try {
          return JSON.parse(storedRun.commitments || "[]");
        } catch {
          return [];
        }
      })() as string[],
    };

    if (!runData.commitments.length) {
      return NextResponse.json({ error: "Payroll run has no commitments to commit" }, { status: 400 });
    }

    const commitments: Uint8Array[] = runData.commitments.map((c: string) => {
      // Each commitment is a BN254 field element — encode as 32-byte LE
      const big = BigInt(c);
      const buf = Buffer.alloc(32);
      let tmp = big;
      for (let i = 0; i < 32; i++) {
// [196 unchanged lines not reconstructed: see SOURCE]
      { pubkey: run, isSigner: false, isWritable: true },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: SYSVAR_CLOCK_PUBKEY, isSigner: false, isWritable: false },
    ],
    data,
  });
}

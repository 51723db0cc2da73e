/**
 * tests/civitas.test.ts
 * Integration test suite for Civitas payroll Anchor program.
 *
 * Framework: Anchor test runner (mocha + @project-serum/anchor)
 * Run with: `anchor test`
 *
 * Tests:
 *   1. Vault initialization
 *   2. Payroll run: start → append chunks → finalize_root
 *   3. Commitment lookup (check PDA exists after finalize)
 *   4. Invoice creation + payment
 *   5. Verification session lifecycle (Tx-A → Tx-B)
 *   6. Nullifier double-spend rejection
 *   7. Domain tag mismatch rejection
 *   8. Session TTL expiry rejection
 */

import * as anchor from "@coral-xyz/anchor";
import { Program, BN } from "@coral-xyz/anchor";
import {
  Keypair,
  PublicKey,
  SystemProgram,
  LAMPORTS_PER_SOL,
  SYSVAR_CLOCK_PUBKEY,
} from "@solana/web3.js";
import { assert } from "chai";
import { poseidon1, poseidon2, poseidon3, poseidon4 } from "poseidon-lite";
import { v4 as uuidv4 } from "uuid";
import type { CivitasPayroll } from "../target/types/civitas_payroll";

// ── Helpers ───────────────────────────────────────────────────────────────

function uuid16(): Buffer {
  return Buffer.from(uuidv4().replace(/-/g, ""), "hex");
}

function toBN254Field(n: bigint): Buffer {
  const b = Buffer.alloc(32);
  let tmp = n;
  for (let i = 0; i < 32; i++) {
    b[i] = Number(tmp & BigInt(0xff));
    tmp >>= BigInt(8);
  }
  return b;
}

function generateRandomField(): bigint {
  const bytes = Keypair.generate().secretKey.slice(0, 28);
  return BigInt("0x" + Buffer.from(bytes).toString("hex")) %
    BigInt("21888242871839275222246405745257275088548364400416034343698204186575808495617");
}

// BN254 Poseidon commitment formula (matches circuit + nilCC)
function computeCommitment(tag: bigint, amount: bigint, epoch: bigint, nonce: bigint): bigint {
  return poseidon4([tag, amount, epoch, nonce]);
}

function computeNullifier(credNonce: bigint, epoch: bigint, nonce: bigint): bigint {
// [234 unchanged lines not reconstructed: see SOURCE]

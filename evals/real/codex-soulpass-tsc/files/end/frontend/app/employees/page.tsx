"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  ArrowRightCircle,
  CheckCircle2,
  ChevronRight,
  Copy,
  CreditCard,
  Database,
  Download,
  FileUp,
  KeyRound,
  Loader2,
  Lock,
  Shield,
  ShieldCheck,
  Wallet,
  Zap,
} from "lucide-react";
import { useCivitas } from "@/lib/civitas-provider";
import { useSolanaWallet } from "@/lib/solana-wallet";
import { WalletButton } from "@/components/wallet-button";
import { PrivacyStackVisualizer } from "@/components/ui/privacy-stack";
import { buildExplorerUrl, formatUsdc, shortenAddress, USDC_MINT_ADDRESS } from "@/lib/solana";
import { buildMerkleTree } from "@/lib/merkle-tree";
import { generateRedemptionProof, terminateProofWorker } from "@/lib/zk-proof";
import { fieldToBytes32LE, toFieldElement } from "@/lib/bn128-poseidon";

function StatTile({
// [1061 unchanged lines not reconstructed: see SOURCE]
export default function EmployeesPage() {

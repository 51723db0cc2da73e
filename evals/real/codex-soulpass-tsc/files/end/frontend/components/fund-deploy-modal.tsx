"use client";

import { useMemo, useState } from "react";
import { AnimatePresence, motion } from "framer-motion";
import { Copy, ExternalLink, Wallet } from "lucide-react";
import { LAMPORTS_PER_SOL, PublicKey } from "@solana/web3.js";
import { useSolanaWallet } from "@/lib/solana-wallet";
import { getConnection } from "@/lib/solana-program";
import {
  buildExplorerUrl,
  SOLANA_CLUSTER,
  SOLANA_CLUSTER_LABEL,
  shortenAddress,
} from "@/lib/solana";

const AIRDROP_AMOUNT_SOL = 2;

export function FundDeployModal() {
  const { address, connected, providerName } = useSolanaWallet();
  const [dismissed, setDismissed] = useState(false);
  const [copyState, setCopyState] = useState<"idle" | "done">("idle");
  const [airdropState, setAirdropState] = useState<"idle" | "pending" | "success" | "error">("idle");
  const [statusMessage, setStatusMessage] = useState<string | null>(null);

  const shouldShow = connected && Boolean(address) && SOLANA_CLUSTER !== "mainnet-beta" && !dismissed;

  const faucetUrl = useMemo(() => {
    if (SOLANA_CLUSTER === "testnet") {
      return "https://faucet.solana.com/";
    }
// [167 unchanged lines not reconstructed: see SOURCE]

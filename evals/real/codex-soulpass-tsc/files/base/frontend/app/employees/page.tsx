"use client";

import { useState } from "react";
import { CheckCircle2, FileUp, Wallet } from "lucide-react";
import { useCivitas } from "@/lib/civitas-provider";
import { useSolanaWallet } from "@/lib/solana-wallet";
import { WalletButton } from "@/components/wallet-button";
import { buildExplorerUrl, shortenAddress } from "@/lib/solana";

export default function EmployeesPage() {
  const { connected, address } = useSolanaWallet();
  const {
    credential,
    createNewCredential,
    importCredential,
    vouchers,
    addVoucher,
    updateVoucher,
  } = useCivitas();
  const [status, setStatus] = useState<string | null>(null);

  const myVouchers = credential
    ? vouchers.filter((voucher) => voucher.employeeTag === credential.employeeTag)
    : [];

  const handleCreateCredential = async () => {
    const next = await createNewCredential();
    setStatus(`New credential created for tag ${next.employeeTag.slice(0, 12)}...`);
  };

// [156 unchanged lines not reconstructed: see SOURCE]

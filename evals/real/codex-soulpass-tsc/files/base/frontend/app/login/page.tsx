"use client";

import { useMemo, useState, useEffect, useRef } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  ArrowLeft,
  Briefcase,
  ShieldCheck,
  UserCircle,
  Upload,
  KeyRound,
  CheckCircle2,
  Loader2,
  AlertCircle,
  FileJson,
} from "lucide-react";
import { useCivitas } from "@/lib/civitas-provider";
import { useSolanaWallet } from "@/lib/solana-wallet";
import { WalletButton } from "@/components/wallet-button";
import {
  signEmployerIn,
  getEmployerSession,
} from "@/lib/use-employer-session";

export default function LoginPage() {
  const router = useRouter();
  const { connected, address, signMessage } = useSolanaWallet();
  const { credential, importCredential, setUserRole, setWalletAddress } = useCivitas();
  const [role, setRole] = useState<"employer" | "employee" | "auditor">("employer");
// [351 unchanged lines not reconstructed: see SOURCE]

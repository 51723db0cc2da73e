"use client"

import { useState, useCallback, useEffect } from "react"
import { useRouter } from "next/navigation"
import { useCivitas } from "@/lib/civitas-provider"
import { useSolanaWallet } from "@/lib/solana-wallet"
import { signEmployerIn, getEmployerSession } from "@/lib/use-employer-session"
import Link from "next/link"
import { motion, AnimatePresence } from "framer-motion"
import { Shield, Briefcase, UserCircle, ChevronRight, UploadCloud, Lock, ArrowLeft, KeyRound } from "lucide-react"
import { WalletButton } from "@/components/wallet-button"

type TabType = "employer" | "employee" | "auditor"

export default function LoginPage() {
  const router = useRouter()
  const { connected, address, signMessage } = useSolanaWallet()
  const { setWalletAddress, setUserRole, credential, importCredential } = useCivitas()

  const [activeTab, setActiveTab] = useState<TabType>("employer")
  const [error, setError] = useState<string | null>(null)
  const [statusMsg, setStatusMsg] = useState<string | null>(null)
  const [isLoading, setIsLoading] = useState(false)
  const [isSigningIn, setIsSigningIn] = useState(false)
  const [hasExistingSession, setHasExistingSession] = useState(false)

  useEffect(() => {
    if (connected && address) {
      setWalletAddress(address)
      if (activeTab === "employer") {
// [235 unchanged lines not reconstructed: see SOURCE]

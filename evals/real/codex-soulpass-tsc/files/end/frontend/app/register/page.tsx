"use client"

import { useState, useCallback } from "react"
import { useRouter } from "next/navigation"
import Link from "next/link"
import { motion, AnimatePresence } from "framer-motion"
import {
  generateCredential,
// [23 unchanged lines not reconstructed: see SOURCE]
type RegRole = "employee" | "auditor" | "employer"

// ─────────────────────────────────────────────────────────────────────────────
// Employer Onboarding Wizard
// ─────────────────────────────────────────────────────────────────────────────

function EmployerWizard() {
  const router = useRouter()
  const { address, connected, signMessage, signAndSendTransaction } = useSolanaWallet()
  const [snsDomain, setSnsDomain] = useState("")
  const [showSnsInput, setShowSnsInput] = useState(false)
  const [signedIn, setSignedIn] = useState(false)
  const [signingIn, setSigningIn] = useState(false)
  const [signError, setSignError] = useState<string | null>(null)

  const { status: vaultStatus, vaultPda, error: vaultError, initialize } = useInitializeVault(
    address,
    connected ? signAndSendTransaction : null
  )

  // ── Step 1 → connect wallet
  // ── Step 2 → sign gasless auth message (only if not already signed)
  // ── Step 3 → initialize vault (skipped if already exists)
  // ── Step 4 → done → go to /employer

  const currentStep =
// [239 unchanged lines not reconstructed: see SOURCE]
export default function RegisterPage() {
// [315 unchanged lines not reconstructed: see SOURCE]
        <p className="text-[10px] font-mono tracking-widest uppercase text-white/20">
          Powered by Solana · Nillion · private computation
        </p>
      </footer>
    </div>
  )
}

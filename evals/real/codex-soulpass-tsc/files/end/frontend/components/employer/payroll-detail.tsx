"use client"

import { useState, useEffect, useCallback } from "react"
import { useCivitas } from "@/lib/civitas-provider"
import { useSolanaWallet } from "@/lib/solana-wallet"
import { buildExplorerUrl, SOLANA_CLUSTER_LABEL } from "@/lib/solana"
import { Button } from "@/components/ui/button"
import { StatusBadge } from "@/components/ui/status-badge"
import { ArrowLeft, Copy, Download, RefreshCw, CheckCircle2, Clock, ExternalLink, Send, AlertCircle, Layers } from "lucide-react"
import Link from "next/link"
import { motion } from "framer-motion"
import confetti from "canvas-confetti"

interface PayrollRun {
  runId: string
  orgId?: string
  createdBy?: string
  createdAt: string
  status: string
  employeeCount: number
  declaredTotal?: string
  currency?: string
  payrollRoot?: string
  merkleRoot?: string
  proofHash?: string
  commitments?: string[]
  epoch?: string
  txHash?: string
  events?: Array<{ ts: string; text: string }>
}
// [411 unchanged lines not reconstructed: see SOURCE]
export function PayrollDetail({ runId }: { runId: string }) {

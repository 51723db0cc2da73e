"use client"

import { useState, useCallback, useRef } from "react"
import { useCivitas } from "@/lib/civitas-provider"
import { generateDownloadUrl } from "@/lib/identity"
import Link from "next/link"
import { motion, AnimatePresence, useMotionValue, useSpring, useTransform } from "framer-motion"
import {
  Shield, Lock, Zap, ArrowRight, KeyRound, Copy, Download,
  CheckCircle2, Briefcase, UserCircle, ChevronRight, Github,
  Twitter, Send, ExternalLink, Database, Cpu, BookOpen,
  X, PlayCircle, Users, Mail, User, Building2
} from "lucide-react"
import { redirect } from "next/navigation"
import { PrivacyStackVisualizer } from "@/components/ui/privacy-stack"

// ── Tilt Card wrapper ────────────────────────────────────────────
function TiltCard({ children, className = "", onClick }: { children: React.ReactNode; className?: string; onClick?: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  const x = useMotionValue(0)
  const y = useMotionValue(0)
  const springX = useSpring(x, { stiffness: 150, damping: 20 })
  const springY = useSpring(y, { stiffness: 150, damping: 20 })
  const rotateX = useTransform(springY, [-0.5, 0.5], [6, -6])
  const rotateY = useTransform(springX, [-0.5, 0.5], [-6, 6])

  const handleMouse = (e: React.MouseEvent<HTMLDivElement>) => {
    if (!ref.current) return
    const rect = ref.current.getBoundingClientRect()
    x.set((e.clientX - rect.left) / rect.width - 0.5)
// [837 unchanged lines not reconstructed: see SOURCE]
export default function HomePage() {

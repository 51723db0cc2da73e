"use client"

import { useState, useEffect } from "react"
import { Button } from "@/components/ui/button"
import { AvatarInitials } from "@/components/ui/avatar-initials"
import { StatusBadge } from "@/components/ui/status-badge"
import { ArrowLeft, Shield, Calendar, Mail, Briefcase, Copy } from "lucide-react"
import Link from "next/link"

interface Employee {
  employee_id: string;
  username: string;
  employee_tag: string;
  org_id: string;
  role: string;
  status?: "provisional" | "active" | "terminated";
  profile?: {
    name?: string;
    email?: string;
    role?: string;
    wallet_address?: string;
  };
  created_at: string;
  vouchers?: Array<{
    voucher_id: string;
    amount: number;
    currency: string;
    status: string;
    memo?: string;
  }>;
}

export function EmployeeDetail({ employeeId }: { employeeId: string }) {
  const [employee, setEmployee] = useState<Employee | null>(null)
  const [loading, setLoading] = useState(true)
  const [voucherStatus, setVoucherStatus] = useState<"idle" | "loading" | "success" | "error">("idle")
  const [voucherLink, setVoucherLink] = useState<string | null>(null)
  const [voucherError, setVoucherError] = useState("")
  const [activating, setActivating] = useState(false)

// [291 unchanged lines not reconstructed: see SOURCE]

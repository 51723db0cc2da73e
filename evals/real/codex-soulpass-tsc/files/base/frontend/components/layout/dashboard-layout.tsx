"use client"

import type React from "react"

import type { ReactNode } from "react"
import { useRouter, usePathname } from "next/navigation"
import Link from "next/link"
import { useAuth, type UserRole } from "@/lib/auth-context"
import { Button } from "@/components/ui/button"
import {
  Shield,
  LogOut,
  LayoutDashboard,
  Users,
  Wallet,
  Settings,
  HelpCircle,
  FileText,
  ClipboardCheck,
  Inbox,
  User,
  CreditCard,
// [11 unchanged lines not reconstructed: see SOURCE]
  label: string
  icon: React.ElementType
  accent?: string
}

const NAV_ITEMS: Record<UserRole, NavItem[]> = {
  employer: [
    { href: "/employer/dashboard", label: "Dashboard", icon: LayoutDashboard, accent: "emerald" },
    { href: "/employer/employees", label: "Employees", icon: Users, accent: "blue" },
    { href: "/employer/payrolls", label: "Payrolls", icon: Wallet, accent: "sky" },
    { href: "/employer/auditors", label: "Auditors", icon: ClipboardCheck, accent: "amber" },
    { href: "/employer/integrations", label: "Integrations", icon: Link2, accent: "emerald" },
    { href: "/employer/settings", label: "Settings", icon: Settings, accent: "blue" },
  ],
  employee: [
    { href: "/employee/dashboard", label: "Dashboard", icon: LayoutDashboard, accent: "blue" },
    { href: "/employee/inbox", label: "Inbox", icon: Inbox, accent: "emerald" },
// [34 unchanged lines not reconstructed: see SOURCE]
export function DashboardLayout({ children }: { children: ReactNode }) {
// [167 unchanged lines not reconstructed: see SOURCE]
        <div className="min-h-screen p-4 lg:p-8">
          {children}
        </div>
      </main>
    </div>
  )
}

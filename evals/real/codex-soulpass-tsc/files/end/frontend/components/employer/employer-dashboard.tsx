"use client"

import { useState, useEffect } from "react"
import Link from "next/link"
import { Button } from "@/components/ui/button"
import { KPICard } from "@/components/ui/kpi-card"
import { StatusBadge } from "@/components/ui/status-badge"
import { AvatarInitials } from "@/components/ui/avatar-initials"
// [43 unchanged lines not reconstructed: see SOURCE]
export function EmployerDashboard() {
// [133 unchanged lines not reconstructed: see SOURCE]
                >
                  <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-purple-500/10 border border-purple-500/20 transition-all duration-300 group-hover:bg-purple-500/20">
                    <Wallet className="h-6 w-6 text-purple-400" />
                  </div>
                  <h3 className="mb-1 font-semibold text-white drop-shadow-md">Run Payroll</h3>
                  <p className="text-sm text-white/50">Start a new private payroll run</p>
                </Link>
                <Link
                  href="/employer"
                  className="group glass-card rounded-2xl p-6 transition-all hover:-translate-y-1 hover:shadow-[0_0_20px_rgba(236,72,153,0.15)]"
                >
                  <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-pink-500/10 border border-pink-500/20 transition-all duration-300 group-hover:bg-pink-500/20">
                    <UserPlus className="h-6 w-6 text-pink-400" />
                  </div>
                  <h3 className="mb-1 font-semibold text-white drop-shadow-md">Add Employee</h3>
                  <p className="text-sm text-white/50">Register a new team member</p>
                </Link>
// [102 unchanged lines not reconstructed: see SOURCE]
              </div>
            </div>
          )}

          {activeTab === "Employees" && (
            <div className="glass-card rounded-2xl overflow-hidden">
              <div className="flex items-center justify-between border-b border-white/5 bg-white/5 px-6 py-4 backdrop-blur-md">
                <h2 className="font-semibold text-white">All Employees</h2>
                <Link href="/employer">
                  <Button size="sm" className="gap-2 bg-pink-600/20 hover:bg-pink-600/40 text-pink-400 border border-pink-500/30 shadow-[0_0_15px_rgba(236,72,153,0.15)] rounded-full px-5 transition-all">
                    <UserPlus className="h-4 w-4" /> Add Employee
                  </Button>
                </Link>
              </div>
              {loading ? (
                <div className="px-6 py-8 text-center text-white/40">Loading employees...</div>
              ) : employees.length === 0 ? (
                <div className="px-6 py-8 text-center text-white/40">No employees yet. Add your first employee!</div>
              ) : (
                <div className="divide-y divide-white/5">
                  {employees.map((emp: any) => (
                    <div
                      key={emp.employee_id}
                      className="flex items-center gap-4 px-6 py-4"
                    >
                      <AvatarInitials name={emp.profile?.name || emp.username} color="#d946ef" />
                      <div className="flex-1 min-w-0">
                        <p className="font-medium text-white">{emp.profile?.name || emp.username}</p>
                        <p className="text-sm text-white/50">{emp.profile?.email || emp.profile?.role || emp.role}</p>
                      </div>
                      <StatusBadge status={emp.status || "active"} />
                    </div>
                  ))}
                </div>
              )}
            </div>
          )}

          {activeTab === "Auditors" && (
            <div className="glass-card rounded-2xl overflow-hidden">
// [90 unchanged lines not reconstructed: see SOURCE]
            </div>
          )}
        </motion.div>
      </AnimatePresence>
    </motion.div>
  )
}

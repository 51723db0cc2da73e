"use client";

import { useMemo, useState } from "react";
import Link from "next/link";
import { Briefcase, ExternalLink, FilePlus2, Users } from "lucide-react";
import { useCivitas } from "@/lib/civitas-provider";
import { useSolanaWallet } from "@/lib/solana-wallet";
import { buildExplorerUrl, formatUsdc, SOLANA_PAYROLL_PROGRAM, SOLANA_TREASURY_VAULT } from "@/lib/solana";
import { WalletButton } from "@/components/wallet-button";

export default function EmployerPage() {
  const { connected, address } = useSolanaWallet();
  const { company, setCompany, employees, addEmployee, payrollRuns, addPayrollRun, commitmentCount } = useCivitas();
  const [companyName, setCompanyName] = useState(company?.name ?? "");
  const [employeeName, setEmployeeName] = useState("");
  const [employeeTag, setEmployeeTag] = useState("");
  const [salary, setSalary] = useState("");
  const [status, setStatus] = useState<string | null>(null);

  const totalPayroll = useMemo(
    () => employees.reduce((sum, employee) => sum + Number(employee.salaryAmount || 0), 0),
    [employees],
  );

  const handleSaveCompany = () => {
    if (!address || !companyName.trim()) {
      setStatus("Connect a wallet and set a company name first.");
      return;
    }
    setCompany({
      companyId: company?.companyId ?? `company-${address.slice(0, 8)}`,
      name: companyName.trim(),
      ownerAddress: address,
      escrowContract: SOLANA_TREASURY_VAULT,
    });
    setStatus("Company profile saved locally for the Solana migration shell.");
  };

  const handleAddEmployee = async () => {
    if (!employeeName.trim() || !employeeTag.trim() || !salary.trim()) {
      setStatus("Provide a contributor name, employee tag, and salary.");
      return;
    }
    await addEmployee({
      employeeTag: employeeTag.trim(),
      name: employeeName.trim(),
      salaryAmount: salary.trim(),
      salaryCurrency: "USDC",
      addedAt: new Date().toISOString(),
    });
    setEmployeeName("");
    setEmployeeTag("");
    setSalary("");
    setStatus("Contributor added to the local payroll roster.");
  };

  const handlePrepareBatch = () => {
    if (!employees.length) {
      setStatus("Add at least one contributor before preparing a batch.");
      return;
// [203 unchanged lines not reconstructed: see SOURCE]

"use client";

import { ReactNode } from "react";

interface TxButtonProps {
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
  children: ReactNode;
  variant?: "primary" | "secondary" | "danger" | "yes" | "no";
  className?: string;
}

export function TxButton({
  onClick,
  disabled,
  loading,
  children,
  variant = "primary",
  className = "",
}: TxButtonProps) {
  const base = "font-bold rounded-xl px-4 py-2.5 transition-all duration-150 disabled:opacity-50 disabled:cursor-not-allowed text-sm";

  const variants: Record<string, string> = {
    primary: "bg-[#e6007a] text-white hover:bg-[#e6007a]/90",
    secondary: "bg-transparent border border-[#1c1c28] text-white hover:border-[#e6007a]/35",
    danger: "bg-transparent border border-orange-400/30 text-orange-400 hover:bg-orange-400/10",
    yes: "bg-transparent border border-green-500/30 text-green-400 hover:bg-green-500/10",
    no: "bg-transparent border border-red-500/30 text-red-400 hover:bg-red-500/10",
  };

  return (
    <button
      onClick={onClick}
      disabled={disabled || loading}
      className={`${base} ${variants[variant]} ${className}`}
    >
      {loading ? (
        <span className="flex items-center gap-2">
          <svg className="animate-spin h-4 w-4" viewBox="0 0 24 24">
            <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" fill="none" />
            <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 018-8V0C5.373 0 0 5.373 0 12h4z" />
          </svg>
          Processing...
        </span>
      ) : (
        children
      )}
    </button>
  );
}

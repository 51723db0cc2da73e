import { formatEther } from "viem";
import { MarketStatus } from "./contract";

export function formatPAS(wei: bigint, decimals = 3): string {
  return Number(formatEther(wei)).toFixed(decimals);
}

export function truncateAddress(address: string): string {
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

export function formatSubstrateId(id: string): string {
  if (!id || id === "0x" + "0".repeat(64)) return "N/A";
  return `${id.slice(0, 14)}...${id.slice(-8)}`;
}

export function getStatusLabel(status: number): string {
  const labels: Record<number, string> = {
    [MarketStatus.OPEN]: "Open",
    [MarketStatus.CLOSED]: "Closed",
    [MarketStatus.PROPOSED]: "Proposed",
    [MarketStatus.DISPUTED]: "Disputed",
    [MarketStatus.RESOLVED]: "Resolved",
    [MarketStatus.CANCELLED]: "Cancelled",
  };
  return labels[status] ?? "Unknown";
}

export function getStatusColor(status: number): {
  text: string;
  bg: string;
  border: string;
} {
  const colors: Record<number, { text: string; bg: string; border: string }> = {
    [MarketStatus.OPEN]: { text: "text-green-400", bg: "bg-green-400/10", border: "border-green-400/30" },
    [MarketStatus.CLOSED]: { text: "text-yellow-400", bg: "bg-yellow-400/10", border: "border-yellow-400/30" },
    [MarketStatus.PROPOSED]: { text: "text-orange-400", bg: "bg-orange-400/10", border: "border-orange-400/30" },
    [MarketStatus.DISPUTED]: { text: "text-red-400", bg: "bg-red-400/10", border: "border-red-400/30" },
    [MarketStatus.RESOLVED]: { text: "text-blue-400", bg: "bg-blue-400/10", border: "border-blue-400/30" },
    [MarketStatus.CANCELLED]: { text: "text-gray-400", bg: "bg-gray-400/10", border: "border-gray-400/30" },
  };
  return colors[status] ?? { text: "text-gray-400", bg: "bg-gray-400/10", border: "border-gray-400/30" };
}

export function calculatePotentialReturn(
  betAmount: bigint,
  side: number,
  yesPool: bigint,
  noPool: bigint
): string {
  const pool = side === 1 ? yesPool : noPool;
  const totalIfWin = yesPool + noPool + betAmount;
  const myPool = pool + betAmount;
  if (myPool === 0n) return "~1.0x";
  const multiplier = Number(totalIfWin) / Number(myPool);
  return `~${multiplier.toFixed(1)}x`;
}

export function timeUntil(timestamp: number): string {
  const now = Math.floor(Date.now() / 1000);
  const diff = timestamp - now;
  if (diff <= 0) return "Ended";
  if (diff < 60) return "< 1 minute";
  if (diff < 3600) return `${Math.floor(diff / 60)}m`;
  if (diff < 86400) return `${Math.floor(diff / 3600)}h ${Math.floor((diff % 3600) / 60)}m`;
  if (diff < 604800) return `${Math.floor(diff / 86400)}d ${Math.floor((diff % 86400) / 3600)}h`;
  return `${Math.floor(diff / 86400)} days`;
}

"use client";

import { useAccount, useReadContract } from "wagmi";
import Link from "next/link";
import { useMarkets } from "@/hooks/useMarkets";
import { CONTRACT_ADDRESS, POLYDOT_ABI, MarketStatus, Outcome } from "@/lib/contract";
import { formatPAS } from "@/lib/utils";
import { StatusBadge } from "@/components/StatusBadge";
import { TxButton } from "@/components/TxButton";
import { useClaim } from "@/hooks/useContractActions";

function PositionRow({ marketId, market }: { marketId: number; market: { question: string; status: number; result: number } }) {
  const { address } = useAccount();
  const { data: position } = useReadContract({
    address: CONTRACT_ADDRESS,
    abi: POLYDOT_ABI,
    functionName: "getPosition",
    args: address ? [BigInt(marketId), address] : undefined,
    query: { enabled: !!address },
  });

  const pos = position as { side: number; amount: bigint; claimed: boolean } | undefined;
  if (!pos || pos.amount === 0n) return null;

  const { claim, isPending } = useClaim(BigInt(marketId));

  const canClaim =
    !pos.claimed &&
    (market.status === MarketStatus.CANCELLED ||
      (market.status === MarketStatus.RESOLVED && pos.side === market.result));

  const badge =
    market.status === MarketStatus.RESOLVED
      ? pos.side === market.result
        ? "WIN"
        : "LOSS"
      : market.status === MarketStatus.CANCELLED
        ? "REFUND"
        : "PENDING";

  const badgeColor =
    badge === "WIN" ? "text-green-400" : badge === "LOSS" ? "text-red-400" : badge === "REFUND" ? "text-yellow-400" : "text-slate-400";

  return (
    <div className="flex items-center justify-between p-4 rounded-xl bg-[#111118] border border-[#1c1c28] hover:border-[#e6007a]/35 transition-colors">
      <div className="flex-1 min-w-0">
        <Link href={`/market/${marketId}`} className="text-sm text-slate-200 hover:text-white line-clamp-1">
          #{marketId} {market.question}
        </Link>
        <div className="flex gap-4 mt-1 text-xs text-slate-500">
          <span className={pos.side === Outcome.YES ? "text-green-400" : "text-red-400"}>
            {pos.side === Outcome.YES ? "YES" : "NO"}
          </span>
          <span className="tabular-nums">{formatPAS(pos.amount)} PAS</span>
          <StatusBadge status={market.status} />
        </div>
      </div>

      <div className="flex items-center gap-3 ml-4">
        <span className={`text-xs font-bold ${badgeColor}`}>{badge}</span>
        {canClaim && (
          <TxButton variant="primary" onClick={() => claim()} loading={isPending}>
            Claim
          </TxButton>
        )}
        {pos.claimed && <span className="text-xs text-green-400">Claimed</span>}
      </div>
    </div>
  );
}

export default function PortfolioPage() {
  const { address, isConnected } = useAccount();
  const { markets, isLoading } = useMarkets();

  if (!isConnected) {
    return (
      <div className="max-w-2xl mx-auto text-center py-20">
        <p className="text-slate-400 mb-4">Connect your wallet to view your portfolio.</p>
      </div>
    );
  }

  return (
    <div className="max-w-2xl mx-auto">
      <h1 className="text-2xl font-bold mb-6">Portfolio</h1>

      {isLoading ? (
        <div className="space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-16 bg-[#111118] rounded-xl animate-pulse" />
          ))}
        </div>
      ) : !markets || markets.length === 0 ? (
        <div className="text-center py-16">
          <p className="text-slate-500 mb-4">No markets yet.</p>
          <Link href="/" className="text-[#e6007a] hover:underline text-sm">
            Browse markets
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          {markets.map((m, i) => (
            <PositionRow key={i} marketId={i} market={m} />
          ))}
        </div>
      )}
    </div>
  );
}

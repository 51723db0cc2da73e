"use client";

import { useState } from "react";
import Link from "next/link";
import { useMarkets } from "@/hooks/useMarkets";
import { MarketCard } from "@/components/MarketCard";
import { SkeletonCard } from "@/components/SkeletonCard";
import { MarketStatus } from "@/lib/contract";

const FILTERS = [
  { label: "All", value: -1 },
  { label: "Open", value: MarketStatus.OPEN },
  { label: "Proposed", value: MarketStatus.PROPOSED },
  { label: "Resolved", value: MarketStatus.RESOLVED },
  { label: "Cancelled", value: MarketStatus.CANCELLED },
] as const;

export default function HomePage() {
  const { markets, marketCount, isLoading } = useMarkets();
  const [filter, setFilter] = useState(-1);

  const filteredMarkets = markets
    ? [...markets]
        .map((m, i) => ({ market: m, id: i }))
        .filter((m) => filter === -1 || m.market.status === filter)
        .reverse()
    : [];

  return (
    <div>
      {/* Hero */}
      <div className="text-center mb-10">
        <h1 className="text-4xl font-bold mb-2">
          <span className="text-white">Poly</span>
          <span className="text-[#e6007a]">Dot</span>
        </h1>
        <p className="text-slate-400 mb-6 max-w-lg mx-auto">
          Decentralized prediction markets on Polkadot Hub. Bet PAS on YES/NO outcomes.
        </p>
        <div className="flex gap-3 justify-center">
          <Link
            href="/create"
            className="bg-[#e6007a] text-white font-bold rounded-xl px-5 py-2.5 hover:bg-[#e6007a]/90 transition-colors text-sm"
          >
            Create Market
          </Link>
          <Link
            href="/portfolio"
            className="bg-transparent border border-[#1c1c28] text-white font-bold rounded-xl px-5 py-2.5 hover:border-[#e6007a]/35 transition-colors text-sm"
          >
            My Bets
          </Link>
        </div>
      </div>

      {/* Stats */}
      <div className="flex gap-6 justify-center mb-8 text-xs text-slate-500">
        <span className="tabular-nums">{marketCount} markets</span>
        <span>Polkadot Hub</span>
        <span>PVM Track 2</span>
      </div>

      {/* Filter Tabs */}
      <div className="flex gap-2 mb-6 overflow-x-auto">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            onClick={() => setFilter(f.value)}
            className={`text-xs font-medium rounded-full px-4 py-1.5 transition-colors whitespace-nowrap ${
              filter === f.value
                ? "bg-[#e6007a] text-white"
                : "bg-[#111118] text-slate-400 border border-[#1c1c28] hover:border-[#e6007a]/35"
            }`}
          >
            {f.label}
          </button>
        ))}
      </div>

      {/* Markets Grid */}
      {isLoading ? (
        <div className="grid grid-cols-1 md:grid-cols-2 lg:grid-cols-3 gap-4">
          {[0, 1, 2].map((i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : filteredMarkets.length === 0 ? (
        <div className="text-center py-16">
          <p className="text-slate-500 mb-4">No markets found.</p>
          <Link
            href="/create"
            className="text-[#e6007a] hover:underline text-sm"
          >
            Create the first one
          </Link>
        </div>
      ) : (
        <div className="grid grid-cols-1 md:grid-cols-2 lg:grid-cols-3 gap-4">
          {filteredMarkets.map(({ market, id }) => (
            <MarketCard key={id} market={market} id={id} />
          ))}
        </div>
      )}
    </div>
  );
}

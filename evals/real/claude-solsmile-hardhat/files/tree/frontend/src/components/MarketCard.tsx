"use client";

import Link from "next/link";
import { useReadContract } from "wagmi";
import { CONTRACT_ADDRESS, POLYDOT_ABI, MarketStatus } from "@/lib/contract";
import { formatPAS } from "@/lib/utils";
import { OddsBar } from "./OddsBar";
import { StatusBadge } from "./StatusBadge";
import { CountdownTimer } from "./CountdownTimer";

interface Market {
  question: string;
  creator: string;
  deadline: bigint;
  yesPool: bigint;
  noPool: bigint;
  createdAt: bigint;
  status: number;
  result: number;
}

export function MarketCard({ market, id }: { market: Market; id: number }) {
  const { data: odds } = useReadContract({
    address: CONTRACT_ADDRESS,
    abi: POLYDOT_ABI,
    functionName: "getOdds",
    args: [BigInt(id)],
  });

  const oddsData = odds as readonly [bigint, bigint] | undefined;
  const yesPct = oddsData ? Number(oddsData[0]) : 50;
  const noPct = oddsData ? Number(oddsData[1]) : 50;
  const totalPool = market.yesPool + market.noPool;

  return (
    <Link href={`/market/${id}`}>
      <div className="rounded-2xl bg-[#111118] border border-[#1c1c28] p-5 hover:border-[#e6007a]/35 hover:scale-[1.01] transition-all duration-150 cursor-pointer h-full flex flex-col">
        <div className="flex justify-between items-start mb-3">
          <span className="text-xs text-slate-500">#{id}</span>
          <StatusBadge status={market.status} />
        </div>

        <h3 className="text-sm font-medium text-slate-200 mb-4 line-clamp-2 flex-1">
          {market.question}
        </h3>

        <div className="mt-auto">
          <OddsBar yesPct={yesPct} noPct={noPct} />

          <div className="flex justify-between mt-3 text-xs text-slate-500">
            <span className="tabular-nums">
              Pool: {formatPAS(totalPool)} PAS
            </span>
            {market.status === MarketStatus.OPEN && (
              <CountdownTimer deadline={Number(market.deadline)} />
            )}
          </div>
        </div>
      </div>
    </Link>
  );
}

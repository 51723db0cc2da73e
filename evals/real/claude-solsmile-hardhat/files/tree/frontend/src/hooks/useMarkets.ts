"use client";

import { useReadContract } from "wagmi";
import { CONTRACT_ADDRESS, POLYDOT_ABI } from "@/lib/contract";

export function useMarkets() {
  const { data: markets, isLoading, error } = useReadContract({
    address: CONTRACT_ADDRESS,
    abi: POLYDOT_ABI,
    functionName: "getAllMarkets",
    query: { refetchInterval: 30000 },
  });

  const { data: count } = useReadContract({
    address: CONTRACT_ADDRESS,
    abi: POLYDOT_ABI,
    functionName: "marketCount",
    query: { refetchInterval: 30000 },
  });

  return {
    markets: markets as readonly {
      question: string;
      creator: string;
      deadline: bigint;
      yesPool: bigint;
      noPool: bigint;
      createdAt: bigint;
      status: number;
      result: number;
    }[] | undefined,
    marketCount: count ? Number(count) : 0,
    isLoading,
    error,
  };
}

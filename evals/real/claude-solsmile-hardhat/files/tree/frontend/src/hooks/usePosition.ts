"use client";

import { useReadContract } from "wagmi";
import { CONTRACT_ADDRESS, POLYDOT_ABI } from "@/lib/contract";

export function usePosition(marketId: bigint, address: string | undefined) {
  const { data: position, isLoading } = useReadContract({
    address: CONTRACT_ADDRESS,
    abi: POLYDOT_ABI,
    functionName: "getPosition",
    args: address ? [marketId, address as `0x${string}`] : undefined,
    query: {
      enabled: !!address,
      refetchInterval: 10000,
    },
  });

  return {
    position: position as {
      side: number;
      amount: bigint;
      claimed: boolean;
    } | undefined,
    isLoading,
  };
}

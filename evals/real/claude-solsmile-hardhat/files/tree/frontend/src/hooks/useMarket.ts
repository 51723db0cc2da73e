"use client";

import { useReadContract } from "wagmi";
import { CONTRACT_ADDRESS, POLYDOT_ABI } from "@/lib/contract";

export function useMarket(id: bigint) {
  const { data: market, isLoading: marketLoading } = useReadContract({
    address: CONTRACT_ADDRESS,
    abi: POLYDOT_ABI,
    functionName: "getMarket",
    args: [id],
    query: { refetchInterval: 10000 },
  });

  const { data: proposal, isLoading: proposalLoading } = useReadContract({
    address: CONTRACT_ADDRESS,
    abi: POLYDOT_ABI,
    functionName: "getProposal",
    args: [id],
    query: { refetchInterval: 10000 },
  });

  const { data: odds } = useReadContract({
    address: CONTRACT_ADDRESS,
    abi: POLYDOT_ABI,
    functionName: "getOdds",
    args: [id],
    query: { refetchInterval: 10000 },
  });

  return {
    market: market as {
      question: string;
      creator: string;
      deadline: bigint;
      yesPool: bigint;
      noPool: bigint;
      createdAt: bigint;
      status: number;
      result: number;
    } | undefined,
    proposal: proposal as {
      proposer: string;
      proposedOutcome: number;
      proposedAt: bigint;
      disputed: boolean;
      disputer: string;
      proposerSubstrateId: string;
      disputerSubstrateId: string;
    } | undefined,
    odds: odds as readonly [bigint, bigint] | undefined,
    isLoading: marketLoading || proposalLoading,
  };
}

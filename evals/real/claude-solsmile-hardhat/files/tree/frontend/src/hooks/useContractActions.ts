"use client";

import { useState } from "react";
import { useWriteContract, useWaitForTransactionReceipt } from "wagmi";
import { parseEther } from "viem";
import { CONTRACT_ADDRESS, POLYDOT_ABI, PROPOSAL_BOND } from "@/lib/contract";

export function useBet(marketId: bigint) {
  const { writeContractAsync, data: hash, isPending, error } = useWriteContract();

  async function bet(side: number, amount: string) {
    return writeContractAsync({
      address: CONTRACT_ADDRESS,
      abi: POLYDOT_ABI,
      functionName: "bet",
      args: [marketId, side],
      value: parseEther(amount),
    });
  }

  const { isLoading: isConfirming } = useWaitForTransactionReceipt({ hash });

  return { bet, isPending: isPending || isConfirming, txHash: hash, error };
}

export function usePropose(marketId: bigint) {
  const { writeContractAsync, data: hash, isPending, error } = useWriteContract();

  async function propose(outcome: number) {
    return writeContractAsync({
      address: CONTRACT_ADDRESS,
      abi: POLYDOT_ABI,
      functionName: "proposeOutcome",
      args: [marketId, outcome],
      value: PROPOSAL_BOND,
    });
  }

  const { isLoading: isConfirming } = useWaitForTransactionReceipt({ hash });

  return { propose, isPending: isPending || isConfirming, txHash: hash, error };
}

export function useDispute(marketId: bigint) {
  const { writeContractAsync, data: hash, isPending, error } = useWriteContract();

  async function dispute() {
    return writeContractAsync({
      address: CONTRACT_ADDRESS,
      abi: POLYDOT_ABI,
      functionName: "disputeProposal",
      args: [marketId],
      value: PROPOSAL_BOND,
    });
  }

  const { isLoading: isConfirming } = useWaitForTransactionReceipt({ hash });

  return { dispute, isPending: isPending || isConfirming, txHash: hash, error };
}

export function useFinalize(marketId: bigint) {
  const { writeContractAsync, data: hash, isPending, error } = useWriteContract();

  async function finalize() {
    return writeContractAsync({
      address: CONTRACT_ADDRESS,
      abi: POLYDOT_ABI,
      functionName: "finalizeUndisputed",
      args: [marketId],
    });
  }

  const { isLoading: isConfirming } = useWaitForTransactionReceipt({ hash });

  return { finalize, isPending: isPending || isConfirming, txHash: hash, error };
}

export function useResolve(marketId: bigint) {
  const { writeContractAsync, data: hash, isPending, error } = useWriteContract();

  async function resolve(outcome: number) {
    return writeContractAsync({
      address: CONTRACT_ADDRESS,
      abi: POLYDOT_ABI,
      functionName: "creatorResolveDispute",
      args: [marketId, outcome],
    });
  }

  const { isLoading: isConfirming } = useWaitForTransactionReceipt({ hash });

  return { resolve, isPending: isPending || isConfirming, txHash: hash, error };
}

export function useClaim(marketId: bigint) {
  const { writeContractAsync, data: hash, isPending, error } = useWriteContract();

  async function claim() {
    return writeContractAsync({
      address: CONTRACT_ADDRESS,
      abi: POLYDOT_ABI,
      functionName: "claim",
      args: [marketId],
    });
  }

  const { isLoading: isConfirming } = useWaitForTransactionReceipt({ hash });

  return { claim, isPending: isPending || isConfirming, txHash: hash, error };
}

export function useCloseMarket(marketId: bigint) {
  const { writeContractAsync, data: hash, isPending, error } = useWriteContract();

  async function close() {
    return writeContractAsync({
      address: CONTRACT_ADDRESS,
      abi: POLYDOT_ABI,
      functionName: "closeMarket",
      args: [marketId],
    });
  }

  const { isLoading: isConfirming } = useWaitForTransactionReceipt({ hash });

  return { close, isPending: isPending || isConfirming, txHash: hash, error };
}

export function useCancelExpiredDispute(marketId: bigint) {
  const { writeContractAsync, data: hash, isPending, error } = useWriteContract();

  async function cancel() {
    return writeContractAsync({
      address: CONTRACT_ADDRESS,
      abi: POLYDOT_ABI,
      functionName: "cancelExpiredDispute",
      args: [marketId],
    });
  }

  const { isLoading: isConfirming } = useWaitForTransactionReceipt({ hash });

  return { cancel, isPending: isPending || isConfirming, txHash: hash, error };
}

"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useAccount, useWriteContract, useWaitForTransactionReceipt } from "wagmi";
import { CONTRACT_ADDRESS, POLYDOT_ABI } from "@/lib/contract";
import { TxButton } from "@/components/TxButton";

const DURATIONS = [
  { label: "1 day", seconds: 86400 },
  { label: "3 days", seconds: 3 * 86400 },
  { label: "7 days", seconds: 7 * 86400 },
  { label: "14 days", seconds: 14 * 86400 },
  { label: "30 days", seconds: 30 * 86400 },
];

export default function CreatePage() {
  const router = useRouter();
  const { isConnected } = useAccount();
  const [question, setQuestion] = useState("");
  const [durationIdx, setDurationIdx] = useState(2); // default 7 days
  const [success, setSuccess] = useState(false);

  const { writeContractAsync, data: hash, isPending, error } = useWriteContract();
  const { isLoading: isConfirming, isSuccess } = useWaitForTransactionReceipt({ hash });

  const deadline = Math.floor(Date.now() / 1000) + DURATIONS[durationIdx].seconds;
  const deadlineDate = new Date(deadline * 1000);

  async function handleCreate() {
    try {
      await writeContractAsync({
        address: CONTRACT_ADDRESS,
        abi: POLYDOT_ABI,
        functionName: "createMarket",
        args: [question, BigInt(deadline)],
      });
      setSuccess(true);
    } catch {
      // error is captured by the hook
    }
  }

  if (!isConnected) {
    return (
      <div className="max-w-lg mx-auto text-center py-20">
        <p className="text-slate-400">Please connect your wallet to create a market.</p>
      </div>
    );
  }

  return (
    <div className="max-w-lg mx-auto">
      <h1 className="text-2xl font-bold mb-6">Create a Market</h1>

      <div className="rounded-2xl bg-[#111118] border border-[#1c1c28] p-6">
        {/* Question */}
        <div className="mb-5">
          <label className="text-sm text-slate-400 block mb-2">Question</label>
          <textarea
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            maxLength={280}
            rows={3}
            placeholder="Will Polkadot Hub launch on mainnet before June 2026?"
            className="w-full bg-[#09090f] border border-[#1c1c28] rounded-xl p-3 text-sm text-white placeholder:text-slate-600 focus:border-[#e6007a] focus:outline-none resize-none"
          />
          <span className={`text-xs ${question.length > 270 ? "text-orange-400" : "text-slate-600"} mt-1 block`}>
            {question.length}/280
          </span>
        </div>

        {/* Duration */}
        <div className="mb-5">
          <label className="text-sm text-slate-400 block mb-2">Deadline</label>
          <div className="flex flex-wrap gap-2">
            {DURATIONS.map((d, i) => (
              <button
                key={d.label}
                onClick={() => setDurationIdx(i)}
                className={`text-xs rounded-full px-3 py-1.5 transition-colors ${
                  i === durationIdx
                    ? "bg-[#e6007a] text-white"
                    : "bg-[#09090f] border border-[#1c1c28] text-slate-400 hover:border-[#e6007a]/35"
                }`}
              >
                {d.label}
              </button>
            ))}
          </div>
          <span className="text-xs text-slate-600 mt-2 block">
            Closes: {deadlineDate.toLocaleString()}
          </span>
        </div>

        {/* Info */}
        <div className="bg-[#09090f] rounded-xl p-4 mb-5 text-xs text-slate-500 space-y-1">
          <p>&#x2022; Free to create. Proposers stake 0.05 PAS bond.</p>
          <p>&#x2022; Community has 2 hours to dispute a proposed outcome.</p>
          <p>&#x2022; You are the tiebreaker if a proposal is disputed.</p>
        </div>

        {/* Submit */}
        <TxButton
          onClick={handleCreate}
          loading={isPending || isConfirming}
          disabled={question.length === 0 || question.length > 280}
          className="w-full"
        >
          Create Market
        </TxButton>

        {error && (
          <p className="text-xs text-red-400 mt-3">
            {(error as Error).message?.includes("User rejected")
              ? ""
              : (error as Error).message?.slice(0, 120) || "Transaction failed"}
          </p>
        )}

        {(isSuccess || success) && hash && (
          <div className="mt-4 p-3 rounded-xl bg-green-900/20 border border-green-500/30">
            <p className="text-xs text-green-400">Market created successfully!</p>
            <a
              href={`https://blockscout-testnet.polkadot.io/tx/${hash}`}
              target="_blank"
              rel="noopener noreferrer"
              className="text-xs text-green-300 underline"
            >
              View on Blockscout
            </a>
          </div>
        )}
      </div>
    </div>
  );
}

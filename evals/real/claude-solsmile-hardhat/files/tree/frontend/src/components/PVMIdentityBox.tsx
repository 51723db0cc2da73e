"use client";

import { formatSubstrateId } from "@/lib/utils";

interface PVMIdentityBoxProps {
  proposerSubstrateId: string;
  disputerSubstrateId?: string;
  hasDispute: boolean;
}

export function PVMIdentityBox({
  proposerSubstrateId,
  disputerSubstrateId,
  hasDispute,
}: PVMIdentityBoxProps) {
  const zeroHash = "0x" + "0".repeat(64);

  return (
    <div className="rounded-2xl bg-[#111118] border border-purple-500/30 p-5">
      <div className="flex items-center gap-2 mb-3">
        <span className="text-purple-400 text-lg">&#9889;</span>
        <h3 className="text-sm font-bold text-purple-300">
          Polkadot Identity Verification
        </h3>
      </div>

      <p className="text-xs text-slate-400 mb-4">
        The System Precompile at{" "}
        <code className="text-purple-300">0x0...0900</code> recorded these
        Polkadot Substrate identities on-chain. This cannot be faked — it comes
        directly from Polkadot&apos;s runtime.
      </p>

      <div className="space-y-3">
        <div>
          <span className="text-xs text-slate-500 block mb-1">
            Proposer Substrate ID
          </span>
          <code className="text-xs text-purple-200 bg-purple-900/20 rounded px-2 py-1 block break-all">
            {proposerSubstrateId && proposerSubstrateId !== zeroHash
              ? formatSubstrateId(proposerSubstrateId)
              : "N/A"}
          </code>
        </div>

        {hasDispute && disputerSubstrateId && disputerSubstrateId !== zeroHash && (
          <div>
            <span className="text-xs text-slate-500 block mb-1">
              Disputer Substrate ID
            </span>
            <code className="text-xs text-orange-200 bg-orange-900/20 rounded px-2 py-1 block break-all">
              {formatSubstrateId(disputerSubstrateId)}
            </code>
          </div>
        )}
      </div>
    </div>
  );
}

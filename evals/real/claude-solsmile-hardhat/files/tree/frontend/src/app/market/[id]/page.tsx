"use client";

import { useState } from "react";
import { useParams } from "next/navigation";
import { useAccount } from "wagmi";
import { useMarket } from "@/hooks/useMarket";
import { usePosition } from "@/hooks/usePosition";
import {
  useBet,
  usePropose,
  useDispute,
  useFinalize,
  useResolve,
  useClaim,
  useCloseMarket,
  useCancelExpiredDispute,
} from "@/hooks/useContractActions";
import { MarketStatus, Outcome } from "@/lib/contract";
import { formatPAS, truncateAddress, calculatePotentialReturn, timeUntil } from "@/lib/utils";
import { OddsBar } from "@/components/OddsBar";
import { StatusBadge } from "@/components/StatusBadge";
import { CountdownTimer } from "@/components/CountdownTimer";
import { PVMIdentityBox } from "@/components/PVMIdentityBox";
import { TxButton } from "@/components/TxButton";

export default function MarketPage() {
  const params = useParams();
  const id = BigInt(params.id as string);
  const { address } = useAccount();

  const { market, proposal, odds, isLoading } = useMarket(id);
  const { position } = usePosition(id, address);

  const { bet, isPending: betPending, txHash: betHash } = useBet(id);
  const { propose, isPending: proposePending, txHash: proposeHash } = usePropose(id);
  const { dispute, isPending: disputePending, txHash: disputeHash } = useDispute(id);
  const { finalize, isPending: finalizePending, txHash: finalizeHash } = useFinalize(id);
  const { resolve, isPending: resolvePending, txHash: resolveHash } = useResolve(id);
  const { claim, isPending: claimPending, txHash: claimHash } = useClaim(id);
  const { close, isPending: closePending, txHash: closeHash } = useCloseMarket(id);
  const { cancel, isPending: cancelPending, txHash: cancelHash } = useCancelExpiredDispute(id);

  const [betAmount, setBetAmount] = useState("");
  const [txSuccess, setTxSuccess] = useState<string | null>(null);

  const lastHash = betHash || proposeHash || disputeHash || finalizeHash || resolveHash || claimHash || closeHash || cancelHash;

  if (isLoading || !market) {
    return (
      <div className="max-w-2xl mx-auto animate-pulse">
        <div className="h-8 bg-[#1c1c28] rounded w-3/4 mb-4" />
        <div className="h-4 bg-[#1c1c28] rounded w-1/2 mb-8" />
        <div className="h-40 bg-[#111118] rounded-2xl" />
      </div>
    );
  }

  const yesPct = odds ? Number(odds[0]) : 50;
  const noPct = odds ? Number(odds[1]) : 50;
  const totalPool = market.yesPool + market.noPool;
  const now = Math.floor(Date.now() / 1000);
  const deadlinePassed = now >= Number(market.deadline);
  const hasPosition = position && position.amount > 0n;
  const hasProposal = proposal && proposal.proposer !== "0x0000000000000000000000000000000000000000";

  const challengeWindowEnd = hasProposal ? Number(proposal.proposedAt) + 7200 : 0;
  const creatorWindowEnd = hasProposal ? Number(proposal.proposedAt) + 7200 + 86400 : 0;
  const challengeOpen = now <= challengeWindowEnd;
  const creatorWindowOpen = now <= creatorWindowEnd;

  async function handleTx(action: () => Promise<unknown>, label: string) {
    try {
      await action();
      setTxSuccess(label);
    } catch {
      // handled by hooks
    }
  }

  return (
    <div className="max-w-2xl mx-auto space-y-6">
      {/* Header */}
      <div>
        <div className="flex items-center gap-3 mb-2">
          <span className="text-xs text-slate-500">#{params.id}</span>
          <StatusBadge status={market.status} />
        </div>
        <h1 className="text-xl font-bold text-white mb-1">{market.question}</h1>
        <p className="text-xs text-slate-500">
          Created by {truncateAddress(market.creator)}
        </p>
      </div>

      {/* Odds & Pool */}
      <div className="rounded-2xl bg-[#111118] border border-[#1c1c28] p-5">
        <OddsBar yesPct={yesPct} noPct={noPct} />
        <div className="flex justify-between mt-4 text-xs text-slate-500">
          <span className="tabular-nums">YES: {formatPAS(market.yesPool)} PAS</span>
          <span className="tabular-nums">Total: {formatPAS(totalPool)} PAS</span>
          <span className="tabular-nums">NO: {formatPAS(market.noPool)} PAS</span>
        </div>
        {market.status === MarketStatus.OPEN && (
          <div className="flex items-center gap-2 mt-3 text-xs text-slate-400">
            <span>Closes in:</span>
            <CountdownTimer deadline={Number(market.deadline)} />
          </div>
        )}
      </div>

      {/* Your Position */}
      {hasPosition && (
        <div className="rounded-2xl bg-[#111118] border border-[#1c1c28] p-5">
          <h3 className="text-sm font-bold text-slate-300 mb-2">Your Position</h3>
          <div className="flex gap-6 text-sm">
            <div>
              <span className="text-xs text-slate-500">Side</span>
              <p className={`font-bold ${position.side === Outcome.YES ? "text-green-400" : "text-red-400"}`}>
                {position.side === Outcome.YES ? "YES" : "NO"}
              </p>
            </div>
            <div>
              <span className="text-xs text-slate-500">Amount</span>
              <p className="font-bold text-white tabular-nums">{formatPAS(position.amount)} PAS</p>
            </div>
            <div>
              <span className="text-xs text-slate-500">Status</span>
              <p className="font-bold text-slate-300">{position.claimed ? "Claimed" : "Active"}</p>
            </div>
          </div>
        </div>
      )}

      {/* ═══ CONDITIONAL PANELS ═══ */}

      {/* Bet Panel — OPEN, no position */}
      {market.status === MarketStatus.OPEN && !deadlinePassed && !hasPosition && address && (
        <div className="rounded-2xl bg-[#111118] border border-[#1c1c28] p-5">
          <h3 className="text-sm font-bold text-slate-300 mb-3">Place a Bet</h3>
          <div className="mb-3">
            <input
              type="number"
              step="0.001"
              min="0.001"
              value={betAmount}
              onChange={(e) => setBetAmount(e.target.value)}
              placeholder="Amount in PAS (min 0.001)"
              className="w-full bg-[#09090f] border border-[#1c1c28] rounded-xl p-3 text-sm text-white placeholder:text-slate-600 focus:border-[#e6007a] focus:outline-none tabular-nums"
            />
            {betAmount && Number(betAmount) >= 0.001 && (
              <div className="flex justify-between text-xs text-slate-500 mt-2">
                <span>
                  YES return: {calculatePotentialReturn(BigInt(Math.floor(Number(betAmount) * 1e18)), 1, market.yesPool, market.noPool)}
                </span>
                <span>
                  NO return: {calculatePotentialReturn(BigInt(Math.floor(Number(betAmount) * 1e18)), 2, market.yesPool, market.noPool)}
                </span>
              </div>
            )}
          </div>
          <div className="flex gap-3">
            <TxButton
              variant="yes"
              onClick={() => handleTx(() => bet(1, betAmount), "Bet placed")}
              loading={betPending}
              disabled={!betAmount || Number(betAmount) < 0.001}
              className="flex-1"
            >
              Bet YES
            </TxButton>
            <TxButton
              variant="no"
              onClick={() => handleTx(() => bet(2, betAmount), "Bet placed")}
              loading={betPending}
              disabled={!betAmount || Number(betAmount) < 0.001}
              className="flex-1"
            >
              Bet NO
            </TxButton>
          </div>
        </div>
      )}

      {/* Close Market — OPEN and deadline passed */}
      {market.status === MarketStatus.OPEN && deadlinePassed && (
        <div className="rounded-2xl bg-[#111118] border border-[#1c1c28] p-5">
          <h3 className="text-sm font-bold text-yellow-300 mb-2">Deadline Reached</h3>
          <p className="text-xs text-slate-400 mb-3">
            The betting period is over. Close the market to begin the resolution process.
          </p>
          <TxButton
            variant="secondary"
            onClick={() => handleTx(() => close(), "Market closed")}
            loading={closePending}
            className="w-full"
          >
            Close Market
          </TxButton>
        </div>
      )}

      {/* Propose Outcome — CLOSED */}
      {market.status === MarketStatus.CLOSED && address && (
        <div className="rounded-2xl bg-[#111118] border border-[#1c1c28] p-5">
          <h3 className="text-sm font-bold text-slate-300 mb-2">Propose Outcome</h3>
          <p className="text-xs text-slate-400 mb-1">
            Lock 0.05 PAS bond. 2-hour challenge window follows.
          </p>
          <p className="text-xs text-purple-300 mb-3">
            Your Polkadot identity will be recorded via the System Precompile.
          </p>
          <div className="flex gap-3">
            <TxButton
              variant="yes"
              onClick={() => handleTx(() => propose(1), "Outcome proposed")}
              loading={proposePending}
              className="flex-1"
            >
              Propose YES
            </TxButton>
            <TxButton
              variant="no"
              onClick={() => handleTx(() => propose(2), "Outcome proposed")}
              loading={proposePending}
              className="flex-1"
            >
              Propose NO
            </TxButton>
          </div>
        </div>
      )}

      {/* Proposed — show proposal info */}
      {market.status === MarketStatus.PROPOSED && hasProposal && (
        <div className="rounded-2xl bg-[#111118] border border-[#1c1c28] p-5">
          <h3 className="text-sm font-bold text-orange-300 mb-2">Outcome Proposed</h3>
          <div className="text-xs text-slate-400 space-y-1 mb-3">
            <p>Proposed: <span className={`font-bold ${proposal.proposedOutcome === Outcome.YES ? "text-green-400" : "text-red-400"}`}>
              {proposal.proposedOutcome === Outcome.YES ? "YES" : "NO"}
            </span></p>
            <p>By: {truncateAddress(proposal.proposer)}</p>
            <p>Challenge window: {challengeOpen ? timeUntil(challengeWindowEnd) + " remaining" : "Closed"}</p>
          </div>

          {/* Dispute button */}
          {challengeOpen && address && address !== proposal.proposer && (
            <TxButton
              variant="danger"
              onClick={() => handleTx(() => dispute(), "Proposal disputed")}
              loading={disputePending}
              className="w-full mb-2"
            >
              Dispute (0.05 PAS bond)
            </TxButton>
          )}

          {/* Finalize button */}
          {!challengeOpen && !proposal.disputed && (
            <TxButton
              variant="primary"
              onClick={() => handleTx(() => finalize(), "Market finalized")}
              loading={finalizePending}
              className="w-full"
            >
              Finalize Result
            </TxButton>
          )}
        </div>
      )}

      {/* Disputed — show dispute info */}
      {market.status === MarketStatus.DISPUTED && hasProposal && (
        <div className="rounded-2xl bg-[#111118] border border-red-500/30 p-5">
          <h3 className="text-sm font-bold text-red-300 mb-2">Dispute Active</h3>
          <div className="text-xs text-slate-400 space-y-1 mb-3">
            <p>Original proposal: <span className="font-bold">{proposal.proposedOutcome === Outcome.YES ? "YES" : "NO"}</span></p>
            <p>Proposer: {truncateAddress(proposal.proposer)}</p>
            <p>Disputer: {truncateAddress(proposal.disputer)}</p>
          </div>

          {address === market.creator ? (
            <div>
              <p className="text-xs text-slate-400 mb-3">As the market creator, resolve this dispute:</p>
              <div className="flex gap-3">
                <TxButton
                  variant="yes"
                  onClick={() => handleTx(() => resolve(1), "Dispute resolved")}
                  loading={resolvePending}
                  className="flex-1"
                >
                  Resolve YES
                </TxButton>
                <TxButton
                  variant="no"
                  onClick={() => handleTx(() => resolve(2), "Dispute resolved")}
                  loading={resolvePending}
                  className="flex-1"
                >
                  Resolve NO
                </TxButton>
              </div>
            </div>
          ) : (
            <p className="text-xs text-slate-500">
              {creatorWindowOpen
                ? `Waiting for creator to resolve — ${timeUntil(creatorWindowEnd)} remaining`
                : "Creator window expired"}
            </p>
          )}

          {!creatorWindowOpen && (
            <TxButton
              variant="danger"
              onClick={() => handleTx(() => cancel(), "Dispute cancelled")}
              loading={cancelPending}
              className="w-full mt-3"
            >
              Cancel Expired Dispute
            </TxButton>
          )}
        </div>
      )}

      {/* Resolved */}
      {market.status === MarketStatus.RESOLVED && (
        <div className="rounded-2xl bg-[#111118] border border-blue-500/30 p-5 text-center">
          <h3 className="text-sm font-bold text-blue-300 mb-2">Market Resolved</h3>
          <p className={`text-3xl font-bold ${market.result === Outcome.YES ? "text-green-400" : "text-red-400"}`}>
            {market.result === Outcome.YES ? "YES" : "NO"}
          </p>
          {hasPosition && !position.claimed && position.side === market.result && (
            <TxButton
              variant="primary"
              onClick={() => handleTx(() => claim(), "Winnings claimed")}
              loading={claimPending}
              className="w-full mt-4"
            >
              Claim Winnings
            </TxButton>
          )}
          {hasPosition && !position.claimed && position.side !== market.result && (
            <p className="text-xs text-red-400 mt-3">You bet on the wrong outcome.</p>
          )}
          {hasPosition && position.claimed && (
            <p className="text-xs text-green-400 mt-3">Claimed</p>
          )}
        </div>
      )}

      {/* Cancelled */}
      {market.status === MarketStatus.CANCELLED && (
        <div className="rounded-2xl bg-[#111118] border border-gray-500/30 p-5 text-center">
          <h3 className="text-sm font-bold text-gray-300 mb-2">Market Cancelled</h3>
          {hasPosition && !position.claimed && (
            <TxButton
              variant="primary"
              onClick={() => handleTx(() => claim(), "Refund claimed")}
              loading={claimPending}
              className="w-full mt-3"
            >
              Claim Refund ({formatPAS(position.amount)} PAS)
            </TxButton>
          )}
          {hasPosition && position.claimed && (
            <p className="text-xs text-green-400 mt-3">Refund claimed</p>
          )}
        </div>
      )}

      {/* PVM Identity Box */}
      {hasProposal && (
        <PVMIdentityBox
          proposerSubstrateId={proposal.proposerSubstrateId}
          disputerSubstrateId={proposal.disputerSubstrateId}
          hasDispute={proposal.disputed}
        />
      )}

      {/* Tx Success */}
      {txSuccess && lastHash && (
        <div className="rounded-xl bg-green-900/20 border border-green-500/30 p-3">
          <p className="text-xs text-green-400">{txSuccess}!</p>
          <a
            href={`https://blockscout-testnet.polkadot.io/tx/${lastHash}`}
            target="_blank"
            rel="noopener noreferrer"
            className="text-xs text-green-300 underline"
          >
            View on Blockscout
          </a>
        </div>
      )}
    </div>
  );
}

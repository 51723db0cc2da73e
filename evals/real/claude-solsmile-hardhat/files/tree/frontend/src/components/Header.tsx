"use client";

import { useAccount, useConnect, useDisconnect, useBalance, useSwitchChain } from "wagmi";
import { polkadotHubTestnet } from "@/lib/wagmi";
import { formatPAS, truncateAddress } from "@/lib/utils";
import Link from "next/link";

export function Header() {
  const { address, isConnected, chain } = useAccount();
  const { connect, connectors } = useConnect();
  const { disconnect } = useDisconnect();
  const { switchChain } = useSwitchChain();
  const { data: balance } = useBalance({ address });

  const isWrongNetwork = isConnected && chain?.id !== polkadotHubTestnet.id;

  return (
    <header className="border-b border-[#1c1c28] bg-[#09090f]/80 backdrop-blur-sm sticky top-0 z-50">
      <div className="max-w-7xl mx-auto px-4 h-16 flex items-center justify-between">
        <div className="flex items-center gap-6">
          <Link href="/" className="flex items-center gap-2">
            <span className="text-xl font-bold text-white">Poly</span>
            <span className="text-xl font-bold text-[#e6007a]">Dot</span>
          </Link>
          <nav className="hidden md:flex items-center gap-4">
            <Link href="/" className="text-sm text-slate-400 hover:text-white transition-colors">
              Markets
            </Link>
            <Link href="/create" className="text-sm text-slate-400 hover:text-white transition-colors">
              Create
            </Link>
            <Link href="/portfolio" className="text-sm text-slate-400 hover:text-white transition-colors">
              Portfolio
            </Link>
          </nav>
        </div>

        <div className="flex items-center gap-3">
          {isConnected && !isWrongNetwork && (
            <div className="hidden md:flex items-center gap-1.5 text-xs text-green-400">
              <span className="w-2 h-2 rounded-full bg-green-400" />
              Polkadot Hub TestNet
            </div>
          )}
          {isWrongNetwork && (
            <button
              onClick={() => switchChain({ chainId: polkadotHubTestnet.id })}
              className="text-xs text-red-400 border border-red-400/30 rounded-xl px-3 py-1.5 hover:bg-red-400/10 transition-colors"
            >
              Switch Network
            </button>
          )}
          {isConnected ? (
            <div className="flex items-center gap-2">
              {balance && (
                <span className="text-xs text-slate-400 tabular-nums hidden sm:inline">
                  {formatPAS(balance.value)} PAS
                </span>
              )}
              <button
                onClick={() => disconnect()}
                className="text-sm bg-[#111118] border border-[#1c1c28] rounded-xl px-3 py-1.5 text-white hover:border-[#e6007a]/35 transition-colors"
              >
                {truncateAddress(address!)}
              </button>
            </div>
          ) : (
            <button
              onClick={() => connect({ connector: connectors[0] })}
              className="text-sm bg-[#e6007a] text-white font-bold rounded-xl px-4 py-2 hover:bg-[#e6007a]/90 transition-colors"
            >
              Connect Wallet
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

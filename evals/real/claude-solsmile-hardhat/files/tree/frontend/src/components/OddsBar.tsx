"use client";

export function OddsBar({ yesPct, noPct }: { yesPct: number; noPct: number }) {
  return (
    <div>
      <div className="flex justify-between mb-1">
        <span className="text-xs font-bold text-green-400">YES {yesPct}%</span>
        <span className="text-xs font-bold text-red-400">NO {noPct}%</span>
      </div>
      <div className="h-2 rounded-full bg-[#1c1c28] overflow-hidden flex">
        <div
          className="h-full bg-green-500 transition-all duration-500"
          style={{ width: `${yesPct}%` }}
        />
        <div
          className="h-full bg-red-500 transition-all duration-500"
          style={{ width: `${noPct}%` }}
        />
      </div>
    </div>
  );
}

"use client";

export function SkeletonCard() {
  return (
    <div className="rounded-2xl bg-[#111118] border border-[#1c1c28] p-5 animate-pulse">
      <div className="flex justify-between mb-3">
        <div className="h-5 bg-[#1c1c28] rounded w-16" />
        <div className="h-5 bg-[#1c1c28] rounded w-12" />
      </div>
      <div className="h-4 bg-[#1c1c28] rounded w-full mb-2" />
      <div className="h-4 bg-[#1c1c28] rounded w-3/4 mb-4" />
      <div className="h-2 bg-[#1c1c28] rounded-full w-full mb-3" />
      <div className="flex justify-between">
        <div className="h-3 bg-[#1c1c28] rounded w-20" />
        <div className="h-3 bg-[#1c1c28] rounded w-20" />
      </div>
    </div>
  );
}

"use client";

import { getStatusLabel, getStatusColor } from "@/lib/utils";

export function StatusBadge({ status }: { status: number }) {
  const { text, bg, border } = getStatusColor(status);
  return (
    <span
      className={`text-xs font-bold border rounded-full px-3 py-1 ${text} ${bg} ${border}`}
    >
      {getStatusLabel(status)}
    </span>
  );
}

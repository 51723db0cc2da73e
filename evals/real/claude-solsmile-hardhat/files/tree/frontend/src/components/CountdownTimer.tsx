"use client";

import { useEffect, useState } from "react";
import { timeUntil } from "@/lib/utils";

export function CountdownTimer({ deadline }: { deadline: number }) {
  const [display, setDisplay] = useState(timeUntil(deadline));

  useEffect(() => {
    setDisplay(timeUntil(deadline));
    const interval = setInterval(() => setDisplay(timeUntil(deadline)), 60000);
    return () => clearInterval(interval);
  }, [deadline]);

  const now = Math.floor(Date.now() / 1000);
  const remaining = deadline - now;
  const color =
    remaining <= 0
      ? "text-gray-500"
      : remaining < 600
        ? "text-red-400"
        : remaining < 3600
          ? "text-orange-400"
          : "text-slate-400";

  return <span className={`text-sm ${color}`}>{display}</span>;
}

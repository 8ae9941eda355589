import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `until` (ms since epoch), never negative. */
export function secondsUntil(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Spec 002 §2, §7 412 cooldown: the seconds left until `until`, ticking once a second. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsUntil(until, now);
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return remaining;
}

import { useEffect, useState } from 'react';

/** Spec section 9: education quotes rotate every 10 seconds. */
export const QUOTE_ROTATION_MS = 10_000;

/** An index that advances every `intervalMs` and wraps around; it stands still while paused. */
export function useRotation(length: number, intervalMs = QUOTE_ROTATION_MS, paused = false): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % length), intervalMs);
    return () => clearInterval(timer);
  }, [length, intervalMs, paused]);
  return index;
}

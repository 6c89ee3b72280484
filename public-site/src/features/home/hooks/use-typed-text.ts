import { useEffect, useState } from 'react';

/** Spec section 9: the brand title types at 150 ms per letter. */
export const TYPING_INTERVAL_MS = 150;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The text typed out one letter per interval (all at once for people who ask for reduced motion). */
export function useTypedText(text: string, intervalMs = TYPING_INTERVAL_MS): string {
  const [count, setCount] = useState(() => (prefersReducedMotion() ? text.length : 0));
  useEffect(() => {
    if (prefersReducedMotion()) {
      setCount(text.length);
      return;
    }
    setCount(0);
    const timer = setInterval(() => {
      setCount((n) => {
        if (n + 1 >= text.length) clearInterval(timer);
        return Math.min(n + 1, text.length);
      });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [text, intervalMs]);
  return text.slice(0, count);
}

import { useSyncExternalStore } from 'react';

/**
 * The address the shell routes by. The shell has no router of its own any more: each remote's './App'
 * brings one. The shell only needs to know which half the address belongs to, so it follows the address itself:
 * back/forward (popstate) and every pushState/replaceState a remote's router makes (the History API is patched
 * once to announce them, as single-spa does), whichever copy of a router made them.
 */
export const LOCATION_CHANGE_EVENT = 'ppl:locationchange';

let patched = false;

function announceHistoryChanges(): void {
  if (patched) return;
  patched = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      window.dispatchEvent(new Event(LOCATION_CHANGE_EVENT));
    };
  }
}

function subscribe(onChange: () => void): () => void {
  announceHistoryChanges();
  window.addEventListener('popstate', onChange);
  window.addEventListener(LOCATION_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(LOCATION_CHANGE_EVENT, onChange);
  };
}

const pathname = () => window.location.pathname;

/** The current path, re-rendering on every navigation (the shell runs in browsers only, hydration included). */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, pathname, pathname);
}

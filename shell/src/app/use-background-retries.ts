import { useEffect, type RefObject } from 'react';
import { loadRemoteApp } from '../federation/runtime';
import type { RemoteName } from '../federation/remotes-config';

/**
 * When the shell tries a remote again by itself while its fallback shows: at once (a remote that was only slow
 * arrives within the patient load's time), then after a growing pause, at most this many times. Coming back
 * online, or to the tab, tries again whenever no try is running.
 */
export const BACKGROUND_RETRY_DELAYS_MS: readonly number[] = [0, 10_000, 20_000, 40_000, 60_000, 60_000];

/**
 * While a remote's fallback is on screen, loads the remote again behind it with patience (loadRemoteApp's
 * `patient`), and calls `onLoaded` once a load succeeds, so the half replaces the fallback without a click.
 * `tries` counts the tries made for this slot across fallbacks: a remote that loads and then fails while rendering
 * brings the fallback back, and the schedule goes on from where it was instead of starting again (which would load
 * it again and again at once).
 */
export function useBackgroundRetries(remote: RemoteName, onLoaded: () => void, tries: RefObject<number>): void {
  useEffect(() => {
    let stopped = false;
    let running = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const schedule = () => {
      const delay = BACKGROUND_RETRY_DELAYS_MS[tries.current];
      if (!stopped && delay !== undefined) timer = setTimeout(tryNow, delay);
    };
    function tryNow() {
      if (stopped || running) return;
      clearTimeout(timer);
      running = true;
      tries.current++;
      loadRemoteApp(remote, { fresh: true, patient: true }).then(
        () => {
          if (!stopped) onLoaded();
        },
        () => {
          running = false;
          schedule();
        },
      );
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') tryNow();
    };

    schedule();
    window.addEventListener('online', tryNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', tryNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [remote, onLoaded, tries]);
}

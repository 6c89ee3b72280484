import { useEffect } from 'react';
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
 */
export function useBackgroundRetries(remote: RemoteName, onLoaded: () => void): void {
  useEffect(() => {
    let stopped = false;
    let running = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const schedule = () => {
      if (!stopped && tries < BACKGROUND_RETRY_DELAYS_MS.length)
        timer = setTimeout(tryNow, BACKGROUND_RETRY_DELAYS_MS[tries]);
    };
    function tryNow() {
      if (stopped || running) return;
      clearTimeout(timer);
      running = true;
      tries++;
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
  }, [remote, onLoaded]);
}

import { loadRemoteApp, type RemoteAppModule } from './runtime';
import type { RemoteName } from './remotes-config';

/**
 * When the shell tries a remote again by itself while the remote is missing (its fallback, or a server-rendered
 * page waiting for its code): at once (a remote that was only slow arrives within the patient load's time), then
 * after a growing pause, at most this many times. Coming back online, or to the tab, tries again whenever no try is
 * running.
 */
export const BACKGROUND_RETRY_DELAYS_MS: readonly number[] = [0, 10_000, 20_000, 40_000, 60_000, 60_000];

/**
 * Loads the remote again in the background with patience (loadRemoteApp's `patient`) on that schedule, and calls
 * `onLoaded` once a load succeeds. `tries` counts the tries made so far and goes on across calls: a remote that
 * loads and then fails while rendering brings the fallback back, and its schedule goes on from where it was instead
 * of starting again (which would load it again and again at once). Returns what stops it.
 */
export function retryInBackground(
  remote: RemoteName,
  onLoaded: (module: RemoteAppModule) => void,
  tries: { current: number },
): () => void {
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
      (module) => {
        if (!stopped) onLoaded(module);
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
}

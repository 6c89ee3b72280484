import { useEffect, type RefObject } from 'react';
import { retryInBackground } from '../federation/retry-in-background';
import type { RemoteName } from '../federation/remotes-config';

/**
 * While a remote's fallback is on screen, loads the remote again behind it (retryInBackground), and calls
 * `onLoaded` once a load succeeds, so the half replaces the fallback without a click. `tries` is the slot's count,
 * kept across fallbacks.
 */
export function useBackgroundRetries(remote: RemoteName, onLoaded: () => void, tries: RefObject<number>): void {
  useEffect(() => retryInBackground(remote, () => onLoaded(), tries), [remote, onLoaded, tries]);
}

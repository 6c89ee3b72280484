import type { Api } from '@ppl/shared-ui';
import { useEffect } from 'react';

/**
 * The API client (openapi-fetch and the endpoints, about 6 KB gzip) arrives with the first request the browser makes:
 * a server-rendered page hydrates from the data it carries and, while that data is fresh, asks for nothing.
 */
export const loadApi = (): Promise<Api> => import('@ppl/shared-ui/api').then((module) => module.api);

const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Fetches the API client at the visitor's first tap, click, key or focus: the page they are about to open then loads
 * its chunk and the client side by side instead of one after the other (a round trip less on a slow phone), and a
 * page nobody touches still loads no more than it needs.
 */
export function useApiOnFirstIntent(): void {
  useEffect(() => {
    const warm = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, warm, true);
      void loadApi().catch(() => undefined); // a failed fetch is retried by the request that needs it
    };
    for (const type of INTENT_EVENTS) window.addEventListener(type, warm, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, warm, true);
    };
  }, []);
}

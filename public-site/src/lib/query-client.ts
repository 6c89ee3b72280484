import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';

/** What a server-rendered page carries for the browser: the data it was rendered with. */
export interface ServerRenderState {
  queries: DehydratedState;
}

/** The id of the `<script type="application/json">` a server-rendered page carries its state in (CSP-safe: no code). */
export const SERVER_STATE_ELEMENT_ID = 'ppl-ssr-state';

function serverState(): ServerRenderState | undefined {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ServerRenderState;
  } catch {
    return undefined;
  }
}

export const QUERY_DEFAULTS = { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false } as const;

/** The remote's one server-state cache: deduplicated, cached requests for every screen. */
export const queryClient = new QueryClient({ defaultOptions: { queries: QUERY_DEFAULTS } });

/**
 * A server-rendered page hands over the data it was rendered with: hydration renders the same markup from it, and
 * nothing is fetched a second time while it is fresh. The server's HTML cache is dropped whenever the data changes,
 * so data that arrives with a page counts as fetched now, however long ago the page was rendered.
 */
export function adoptServerData(client: QueryClient, state: ServerRenderState | undefined, now = Date.now()): void {
  if (!state?.queries) return;
  const queries = state.queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } }));
  hydrate(client, { ...state.queries, queries });
}

if (typeof document !== 'undefined') adoptServerData(queryClient, serverState());

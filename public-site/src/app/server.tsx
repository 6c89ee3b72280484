import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import { api, LEVELS, setApiFetch } from '@ppl/shared-ui';
import { HostContext, type HostInfo } from '@ppl/shared-ui/host';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { JSDOM } from 'jsdom';
import App, { BUILD_ID } from './App';
import { setServerWindow } from '../components/RichText';
import { CATEGORY_GROUP_SLUGS } from '../lib/categories';
import { Router } from '../lib/router';
import { QUERY_DEFAULTS, type ServerRenderState } from '../lib/query-client';
import { pageScopeOf, type PageScope } from '../ssr/page-scope';
import { ServerRenderContext, type CollectedQuery, type PageHead, type ServerRender } from '../ssr/server-render';

/**
 * The public site's server bundle, built to dist/server/render.js with every release of the remote and
 * loaded at run time by the shell's server, next to the remote's browser build. Its contract:
 * `render(request) -> { status, html, head, state, scope? }`, where `html` is the markup of the remote's './App' inside the
 * shell's Suspense slot: exactly what the browser renders, so the shell hydrates it.
 */
export const SERVER_CONTRACT = 1;

export interface RenderRequest {
  /** Path and query of the page ("/subjects/0625?tab=mark-schemes"). */
  url: string;
  /** The public origin ("https://pastpapers.example"), for absolute URLs in structured data. */
  origin: string;
  /** Where the BFF answers (its origin; paths are the API's, /backend/api/...). */
  apiOrigin: string;
  /** The host's context, as the host provides it in the browser. */
  host: HostInfo;
  /**
   * The visitor's address as the front door saw it. Optional (an older shell sends none): when given, the render's
   * API reads carry it as X-Forwarded-For, so the BFF counts them against the visitor's own budgets (search), and a
   * read it refuses (429) makes render() throw a RenderRefusedError.
   */
  clientAddress?: string;
}

/**
 * A read of the render the BFF refused: for this visitor (429, e.g. its search budget used up: the shell answers the
 * page 429 with `retryAfterSeconds`), or because it is busy (503: the shell leaves the page to the browser without
 * logging a failure). `status` is what the shell looks at.
 */
export class RenderRefusedError extends Error {
  constructor(
    readonly status: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(`The BFF refused a read of this render (${status})`);
    this.name = 'RenderRefusedError';
  }
}

export interface RenderResult {
  /** The build this bundle belongs to (the browser's './App' exports the same BUILD_ID). */
  build: string;
  status: number;
  html: string;
  head: PageHead;
  state: ServerRenderState;
  /**
   * The subjects the page shows when that is all a content change can alter on it (see pageScopeOf); absent when it
   * may show anything. Optional: an older bundle sends none, and its pages are dropped on every content change.
   */
  scope?: PageScope;
}

/**
 * At most this many render passes: the lazy page's module arrives after the first, and a page may need data found
 * by other data (a subject's papers by its id).
 */
const MAX_PASSES = 5;

// FAQ answers are sanitised here as in the browser: DOMPurify over jsdom (the host provides jsdom, see README).
setServerWindow(new JSDOM('').window);

let apiOrigin = '';

/** One render's visitor, and the reads the BFF refused it (renders run concurrently). */
interface RenderVisit {
  clientAddress: string | null;
  /** The longest Retry-After of a read refused for the visitor (429). */
  refusedForSeconds: number | null;
  /** A read refused because the BFF was busy (503 with Retry-After). */
  busy: boolean;
}
const renderVisit = new AsyncLocalStorage<RenderVisit>();

setApiFetch(async (url, init) => {
  const visit = renderVisit.getStore();
  const headers = new Headers(init.headers);
  if (visit?.clientAddress) headers.set('X-Forwarded-For', visit.clientAddress);
  const response = await fetch(url.startsWith('/') ? `${apiOrigin}${url}` : url, {
    ...init,
    headers,
    signal: AbortSignal.timeout(5000),
  });
  if (response.status === 503 && visit && response.headers.has('Retry-After')) visit.busy = true;
  if (response.status === 429 && visit) {
    const seconds = Number(response.headers.get('Retry-After'));
    visit.refusedForSeconds = Math.max(visit.refusedForSeconds ?? 1, Number.isFinite(seconds) ? seconds : 60);
  }
  return response;
});

/**
 * The markup of one pass, or null while a Suspense boundary is not complete (a lazy page not loaded yet: it is in
 * this bundle, so it is there by the next pass). renderToString writes no inline scripts (the CSP allows none), and
 * a page with a boundary left to the browser is never served.
 */
function toHtml(tree: ReactElement): string | null {
  const html = renderToString(tree, {
    onError: (error: unknown) => {
      // A suspended lazy page is expected in the first pass; anything else is a render bug worth a log line.
      if (process.env.SSR_DEBUG || !(error instanceof Error && /suspend/i.test(error.message)))
        console.error('[ssr] render error', error);
    },
  } as Parameters<typeof renderToString>[1]);
  const pending = /<!--\$[?!]-->/.exec(html);
  if (pending && process.env.SSR_DEBUG)
    console.error('[ssr] incomplete', html.slice(pending.index - 200, pending.index + 400));
  return pending ? null : html;
}

const keyOf = (query: CollectedQuery) => JSON.stringify(query.queryKey);

export function render(request: RenderRequest): Promise<RenderResult> {
  const clientAddress =
    typeof request.clientAddress === 'string' && isIP(request.clientAddress) ? request.clientAddress : null;
  const visit: RenderVisit = { clientAddress, refusedForSeconds: null, busy: false };
  return renderVisit.run(visit, () => renderPage(request, visit));
}

async function renderPage(request: RenderRequest, visit: RenderVisit): Promise<RenderResult> {
  apiOrigin = request.apiOrigin.replace(/\/$/, '');
  // Data is fetched between passes, never during one: nothing is retried, nothing goes stale while rendering.
  const client = new QueryClient({
    defaultOptions: { queries: { ...QUERY_DEFAULTS, retry: false, staleTime: Infinity } },
  });
  const tried = new Set<string>();
  // The router reads the requested path and its search (everything after the first '?', which may hold more).
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const search = queryAt === -1 ? '' : request.url.slice(queryAt);
  try {
    for (let pass = 1; ; pass++) {
      const wanted = new Map<string, CollectedQuery>();
      let status = 200;
      let head: PageHead = {};
      const context: ServerRender = {
        origin: request.origin,
        collect: (query) => wanted.set(keyOf(query), query),
        setStatus: (next) => {
          status = next;
        },
        setHead: (next) => {
          head = { ...head, ...next };
        },
      };
      // The same tree the shell renders in the browser: its Suspense slot around the remote's './App'.
      const html = toHtml(
        <HostContext.Provider value={request.host}>
          <ServerRenderContext.Provider value={context}>
            <Router ssrPath={path} ssrSearch={search}>
              <Suspense fallback={null}>
                <App queryClient={client} />
              </Suspense>
            </Router>
          </ServerRenderContext.Provider>
        </HostContext.Provider>,
      );
      const missing = [...wanted].filter(([key]) => !tried.has(key)).map(([, query]) => query);
      if (html === null || (missing.length > 0 && pass < MAX_PASSES)) {
        if (pass === MAX_PASSES)
          throw new Error(
            `${request.url} was not complete after ${MAX_PASSES} passes${html === null ? '' : `: ${JSON.stringify(missing.map((q) => q.queryKey))}`}`,
          );
        for (const query of missing) tried.add(keyOf(query));
        await Promise.all(missing.map((query) => client.prefetchQuery(query)));
        // Lets a lazy page's import() settle before the next pass.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      const failed = client
        .getQueryCache()
        .getAll()
        .find((query) => query.state.status === 'error');
      // The visitor's budget is used up: the shell answers 429 (the browser's own read shows the BFF's message).
      if (failed && visit.refusedForSeconds !== null) throw new RenderRefusedError(429, visit.refusedForSeconds);
      if (failed && visit.busy) throw new RenderRefusedError(503, 1);
      // A page rendered around a failed read would show an error the browser might not: let the browser render it.
      if (failed) throw new Error(`A read failed during the server render: ${JSON.stringify(failed.queryKey)}`);
      const queries = client.getQueryCache().getAll();
      const scope = pageScopeOf(queries.map((query) => ({ queryKey: query.queryKey, data: query.state.data })));
      return {
        build: BUILD_ID,
        status,
        html,
        head,
        state: { queries: dehydrate(client) },
        ...(scope ? { scope } : {}),
      };
    }
  } finally {
    client.clear();
  }
}

/** Every page a search engine should know (sitemap.xml): home, listings by category and group, subjects, FAQs. */
export async function sitemapPaths(request: { apiOrigin: string }): Promise<string[]> {
  apiOrigin = request.apiOrigin.replace(/\/$/, '');
  const subjects = await api.subjects.list();
  return [
    '/',
    '/past-papers',
    ...LEVELS.map((level) => `/past-papers/${level}`),
    ...CATEGORY_GROUP_SLUGS.map((slug) => `/past-papers/${slug}`),
    ...subjects.map((subject) => `/subjects/${encodeURIComponent(subject.code)}`),
    '/faqs',
    '/contact',
  ];
}

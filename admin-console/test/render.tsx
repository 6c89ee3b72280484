import { ToastProvider } from '@ppl/shared-ui';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { reportIfSessionRejected } from '../src/lib/session-events';

/** Shows where the router is, so that tests can assert on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderOptions {
  /** The URL the test starts at. */
  route?: string;
  /** The route pattern the element is mounted at (params come from it). */
  path?: string;
  /** Extra routes (e.g. the target of a navigation). */
  routes?: ReactNode;
  wrapper?: (children: ReactNode) => ReactElement;
}

export function createTestQueryClient(): QueryClient {
  // The app's caches, without retries or caching between tests.
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportIfSessionRejected }),
    mutationCache: new MutationCache({ onError: reportIfSessionRejected }),
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: 0 }, mutations: { retry: false } },
  });
}

/** Renders a screen with a fresh query cache, toasts and a memory router; `location` shows the current URL. */
export function renderScreen(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = createTestQueryClient();
  const tree = (
    <MemoryRouter initialEntries={[options.route ?? '/']}>
      <Routes>
        <Route path={options.path ?? '*'} element={ui} />
        {options.routes}
      </Routes>
      <LocationProbe />
    </MemoryRouter>
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{options.wrapper ? options.wrapper(tree) : tree}</ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A File of the given size and type (contents are zeros). */
export function makeFile(name: string, type: string, size = 2048): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** The entries of a FormData as [name, value or file name] pairs. */
export function formEntries(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  form.forEach((value, key) => {
    out[key] = typeof value === 'string' ? value : `file:${value.name}`;
  });
  return out;
}

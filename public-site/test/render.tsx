import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { Route, Router, useAddress } from '../src/lib/router';

// jsdom does not implement scrolling; the layout scrolls to the top on navigation.
window.scrollTo = () => undefined;

/** Shows the current URL, so tests can assert what the address bar would say. */
function LocationProbe() {
  return <output data-testid="location">{useAddress().href}</output>;
}

export interface RenderOptions {
  /** The starting URL. */
  route?: string;
  /** The route pattern the element is mounted at (for useParams); every path when left out. */
  path?: string;
}

/** Renders inside a fresh query cache (no retries) and a memory router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memoryLocation({ path: route }).hook}>
        <Route path={path}>{ui}</Route>
        <LocationProbe />
      </Router>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export const currentLocation = (container: HTMLElement | Document = document): string =>
  (container as Document).querySelector?.('[data-testid="location"]')?.textContent ?? '';

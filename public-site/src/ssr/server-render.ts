import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/** What a page tells the server about itself while it is rendered there: the `<head>` of the HTML answer. */
export interface PageHead {
  /** The full `<title>` ("Physics (0625) · Past Paper Library"). */
  title?: string;
  description?: string;
  /** The page's one address when several routes show it (/past-papers/subject/0625 and /subjects/0625). */
  canonicalPath?: string;
}

/** A query a component would fetch, as a server render collects it (fetched, then the page rendered again). */
export interface CollectedQuery {
  queryKey: QueryKey;
  queryFn: QueryFunction<unknown>;
}

/**
 * Present only while the page is rendered on the server: the query hooks report what they need, pages
 * set the HTTP status (404 for a missing page) and their head. In the browser there is no provider: every hook
 * below does nothing there.
 */
export interface ServerRender {
  /** The public origin the page is served from ("https://pastpapers.example"), for absolute URLs. */
  origin: string;
  collect(query: CollectedQuery): void;
  setStatus(status: number): void;
  /** Merges into the page's head (the deepest page sets the last word). */
  setHead(head: PageHead): void;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

/** The HTTP status of the server's answer for the page being rendered (404 for a missing page). */
export function useHttpStatus(status: number): void {
  useServerRender()?.setStatus(status);
}

/** The page's public origin: the server render's, or the browser's (the same site, so hydration agrees). */
export function usePageOrigin(): string {
  const render = useServerRender();
  return render ? render.origin : window.location.origin;
}

import type { ReactNode } from 'react';
import { BrowserRouter, useInRouterContext } from 'react-router';

/**
 * A remote's own router. Since the router stopped being a federation singleton, each remote's './App'
 * brings its router, built from the remote's own tree-shaken react-router: a browser router in the shell or alone,
 * or the router it is rendered inside (the server's StaticRouter, a test's MemoryRouter). Inside a host of an earlier
 * release, which wraps the remote in its own router from another copy of react-router, this copy does not see that
 * router and brings its own, so the remote works under old and new shells alike.
 *
 * Remotes also export `OWN_ROUTER = true` next to './App' so that the shell knows not to wrap them.
 */
export function OwnRouter({ children }: { children: ReactNode }) {
  return useInRouterContext() ? children : <BrowserRouter>{children}</BrowserRouter>;
}

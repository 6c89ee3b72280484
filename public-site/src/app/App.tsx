import '@ppl/shared-ui/styles/base.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useApiOnFirstIntent } from '../api/load-api';
import { ServiceWorkerStarter } from '../offline/ServiceWorkerStarter';
import { queryClient as browserQueryClient } from '../lib/query-client';
import { PublicRoutes } from './routes';

/**
 * Which build this code is: the shell hydrates a server-rendered page only when the server rendered it with the
 * server bundle of this same build.
 */
export const BUILD_ID: string = __BUILD_ID__;

/**
 * This './App' brings its own router (the shell wraps remotes that do not say so in its router): wouter, reading the
 * browser's address (or, in a server render, the URL the server's `<Router ssrPath>` passes down).
 */
export const OWN_ROUTER = true;

/**
 * The exposed module './App' (the contract with the shell): a component without required props that renders
 * every public route with its own router (the browser's address, or the server's `<Router ssrPath>` it is rendered
 * inside).
 * A server render passes its own per-request `queryClient`.
 */
export default function App({ queryClient = browserQueryClient }: { queryClient?: QueryClient }) {
  useApiOnFirstIntent();
  return (
    <QueryClientProvider client={queryClient}>
      <PublicRoutes />
      <ServiceWorkerStarter />
    </QueryClientProvider>
  );
}

import '@ppl/shared-ui/styles/base.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as browserQueryClient } from '../lib/query-client';
import { PublicRoutes } from './routes';

/**
 * Which build this code is: the shell hydrates a server-rendered page only when the server rendered it with the
 * server bundle of this same build (issue 13).
 */
export const BUILD_ID: string = __BUILD_ID__;

/**
 * The exposed module './App' (the contract with the shell): a component without required props that renders
 * every public route. It expects to be inside a react-router router, which the shell (or bootstrap.tsx) provides.
 * A server render passes its own per-request `queryClient`.
 */
export default function App({ queryClient = browserQueryClient }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PublicRoutes />
    </QueryClientProvider>
  );
}

import '@ppl/shared-ui/styles/base.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { PublicRoutes } from './routes';

/**
 * The exposed module './App' (the contract with the shell): a component without required props that renders
 * every public route. It expects to be inside a react-router router, which the shell (or bootstrap.tsx) provides.
 */
export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <PublicRoutes />
    </QueryClientProvider>
  );
}

import '@ppl/shared-ui/styles/base.css';
import { ToastProvider } from '@ppl/shared-ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { queryClient } from '../lib/query-client';
import { AdminRoutes } from './routes';

/**
 * The exposed module './App' (the contract with the shell): renders /login, /unauthorized and /admin/* inside
 * the router the shell (or bootstrap.tsx) provides.
 */
export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <AdminRoutes />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

import '@ppl/shared-ui/styles/base.css';
import { ToastProvider } from '@ppl/shared-ui';
import { OwnRouter } from '@ppl/shared-ui/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { queryClient } from '../lib/query-client';
import { AdminRoutes } from './routes';

/** This './App' brings its own router (the shell wraps remotes that do not say so in its router). */
export const OWN_ROUTER = true;

/**
 * The exposed module './App' (the contract with the shell): renders /login, /unauthorized and /admin/* in its own
 * router (or in the router it is rendered inside, as in tests).
 */
export default function App() {
  return (
    <OwnRouter>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthProvider>
            <AdminRoutes />
          </AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </OwnRouter>
  );
}

import '@ppl/shared-ui/styles/base.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ShellApp } from './app/ShellApp';

/** Renders the shell into #root, or hydrates the server-rendered HTML there (the same tree). */
export function start(hydrate: boolean): void {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <ShellApp />
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('Hydration did not match the server-rendered page', error),
    });
  } else {
    createRoot(container).render(app);
  }
}

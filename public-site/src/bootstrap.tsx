import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';

// Standalone entry for the public-site team: the same App the shell loads (it brings its own router).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

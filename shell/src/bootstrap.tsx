import '@ppl/shared-ui/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ShellApp } from './app/ShellApp';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <ShellApp />
    </BrowserRouter>
  </StrictMode>,
);

import type { ReactNode } from 'react';
import page from './page.module.css';

/** What a screen says while its data loads ('Loading users...'), announced as a status. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p className={page.status} role="status">
      {children}
    </p>
  );
}

import { useEffect } from 'react';

const SITE = 'Past Paper Library';

/** Names the browser tab after the page ("Physics (0625) · Past Paper Library"). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : SITE;
  }, [title]);
}

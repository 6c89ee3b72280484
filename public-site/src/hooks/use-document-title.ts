import { useEffect } from 'react';
import { useServerRender } from '../ssr/server-render';
import { useSiteBrand } from './use-site-brand';

/**
 * Names the browser tab after the page ("Physics (0625) · Past Paper Library") with the site name from the
 * settings, and gives the page its meta description (the page's own, else the site description). During a server
 * render the same title and description go into the HTML's `<head>` (unique per page for search engines
 * and link previews).
 */
export function useDocumentTitle(title: string | null | undefined, description?: string): void {
  const brand = useSiteBrand();
  const fullTitle = title ? `${title} · ${brand.name}` : brand.name;
  const fullDescription = description?.trim() || brand.description;
  useServerRender()?.setHead({ title: fullTitle, description: fullDescription });
  useEffect(() => {
    document.title = fullTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = fullDescription;
  }, [fullTitle, fullDescription]);
}

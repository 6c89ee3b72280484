import { useEffect } from 'react';
import { useSiteBrand } from './use-site-brand';

/**
 * Names the browser tab after the page ("Physics (0625) · Past Paper Library") with the site name from the
 * settings, and gives the page the site description as its meta description.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const brand = useSiteBrand();
  useEffect(() => {
    document.title = title ? `${title} · ${brand.name}` : brand.name;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = brand.description;
  }, [title, brand.name, brand.description]);
}

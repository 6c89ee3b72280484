import { useHost } from '@ppl/shared-ui/host';
import type { ReactNode } from 'react';

export interface PublicSiteLinkProps {
  /** A public route ('/subjects/0625'); '' or '/' for the home page. */
  to: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** The URL of a public route, wherever the public site lives for this host. */
export function usePublicSiteUrl(): (path: string) => string {
  const { publicSiteUrl } = useHost();
  const base = publicSiteUrl.replace(/\/+$/, '');
  return (path: string) => `${base}/${path.replace(/^\/+/, '')}`;
}

/**
 * A link to the students' site: a page load, whether the public site is the shell's other half (a remote with a
 * router of its own, server-rendered on arrival) or another origin (the console running alone).
 */
export function PublicSiteLink({ to, className, children, ...rest }: PublicSiteLinkProps) {
  const href = usePublicSiteUrl()(to);
  return (
    <a href={href} className={className} {...rest}>
      {children}
    </a>
  );
}

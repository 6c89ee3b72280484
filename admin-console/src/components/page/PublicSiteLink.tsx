import { useHost } from '@ppl/shared-ui/host';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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
 * A link to the students' site. Inside the shell the public routes share this router, so it is a client-side Link;
 * when the console runs on its own origin they do not exist here, so it is a full page load to publicSiteUrl.
 */
export function PublicSiteLink({ to, className, children, ...rest }: PublicSiteLinkProps) {
  const { host } = useHost();
  const href = usePublicSiteUrl()(to);
  if (host === 'shell' && href.startsWith('/')) {
    return (
      <Link to={href} className={className} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} {...rest}>
      {children}
    </a>
  );
}

import type { RemoteName } from '../federation/remotes-config';

/** /login, /unauthorized and /admin/* belong to the admin console; every other path to the public site. */
export function remoteForPath(pathname: string): RemoteName {
  if (pathname === '/login' || pathname === '/unauthorized') return 'admin_console';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin_console';
  return 'public_site';
}

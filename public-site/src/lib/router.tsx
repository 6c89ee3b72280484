import { type AnchorHTMLAttributes, type ReactNode, type Ref, useCallback, useMemo } from 'react';
import { Link as RouterLink, useLocation, useParams as useRouteMatchParams, useRouter } from 'wouter';

/**
 * The public site's router: wouter (about 2 KB gzip where react-router's tree-shaken copy is about 13 KB of the
 * first page's JS). The site uses the browser's address directly (no router component needed in the browser), the
 * server passes the requested URL (`<Router ssrPath>`), and tests a memory location (`test/render.tsx`).
 *
 * The hooks below give the pages what they need with the meaning they had: parameters decoded, search params read
 * from the address as it is (wouter's own `useSearch` decodes the whole query once before it is parsed, which would
 * turn a searched "%41" into "A"), a link to the address already shown replacing it instead of adding a history entry
 * (Back then leaves the page, not the same page again), active navigation links marked `aria-current="page"`.
 */
export { Route, Router, Switch } from 'wouter';

/** Options of a navigation: `replace` changes the current history entry instead of adding one. */
export interface NavigateOptions {
  replace?: boolean;
}
export type Navigate = (to: string, options?: NavigateOptions) => void;

/** The current path (without search or hash). */
export function usePathname(): string {
  return useLocation()[0];
}

/** Navigates to an address of the site (a path with its search and hash). Stable between renders. */
export function useNavigate(): Navigate {
  return useLocation()[1];
}

const decodeParam = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The named parameters of the matched route, decoded (`/subjects/A%26B` gives `{ code: 'A&B' }`). */
export function useParams(): Readonly<Record<string, string | undefined>> {
  const matched = useRouteMatchParams();
  return useMemo(() => {
    const decoded: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(matched)) {
      if (!/^\d+$/.test(key) && typeof value === 'string') decoded[key] = decodeParam(value);
    }
    return decoded;
  }, [matched]);
}

export type SetSearchParams = (
  change: (rendered: URLSearchParams) => URLSearchParams,
  options?: NavigateOptions,
) => void;

/**
 * The address as the router holds it (browser, server render or memory location alike): the raw path, the search
 * without its '?', both together, and the router's own navigation.
 */
export function useAddress(): { path: string; search: string; href: string; navigate: Navigate } {
  const router = useRouter();
  const [path, navigate] = router.hook(router) as [string, Navigate];
  const search = router.searchHook(router).replace(/^\?/, '');
  return { path, search, href: search ? `${path}?${search}` : path, navigate };
}

/** The address's search params, and a setter that navigates to the same path with changed params. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { path, search, navigate } = useAddress();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (change, options) => {
      const next = change(new URLSearchParams(params)).toString();
      navigate(next ? `${path}?${next}` : path, options);
    },
    [params, path, navigate],
  );
  return [params, setParams];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An address of the site: a path with its search and hash. */
  to: string;
  /** Replace the current history entry; by default only when `to` is the address already shown. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** A link inside the site: navigates without a page load (a modified or middle click opens it as usual). */
export function Link({ to, replace, ...anchor }: LinkProps) {
  const { href } = useAddress();
  return <RouterLink to={to} replace={replace ?? to === href} {...anchor} />;
}

/** A navigation link that says when it is the current page (a class and `aria-current="page"`). */
export function NavLink({
  to,
  end = false,
  className,
  children,
}: {
  to: string;
  /** Active only on `to` itself, not on the paths below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
}) {
  const pathname = usePathname().toLowerCase();
  const target = to.toLowerCase();
  const isActive = pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`));
  return (
    <Link to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined}>
      {children}
    </Link>
  );
}

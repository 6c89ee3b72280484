import { useHost } from '@ppl/shared-ui/host';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { PageSkeleton } from '../PageSkeleton';
import { RouteErrorBoundary } from '../RouteErrorBoundary';
import { useSiteSettings } from '../../api/queries';
import { usePathname } from '../../lib/router';
import { MaintenancePage } from './MaintenancePage';
import { Footer } from './Footer';
import { Navigation } from './Navigation';
import styles from './PublicLayout.module.css';

/**
 * Marks the document once the page is live in the browser: rendered, or hydrated over the server's HTML (it
 * commits with the page's Suspense boundary, so after the lazy page itself). Browser tests wait for it before
 * they interact; it renders nothing, on the server or in the browser.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.pageReady = 'true';
  }, []);
  return null;
}

/**
 * The shared public layout: a skip link, the navigation, the page (`children`), the footer. `data-host` says whether the
 * shell's host context reached this remote (one React for both).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { host } = useHost();
  const pathname = usePathname();
  const maintenance = useSiteSettings().data?.maintenanceMode === true;

  // A new page starts at its top (search-param changes such as sort or tab keep the scroll position). The first
  // page is left where the reader is: a server-rendered page can be scrolled (and tapped) before it hydrates, and
  // jumping back to the top then moves what they were about to tap.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  return (
    <div className={styles.page} data-testid="public-layout" data-host={host}>
      <a className={styles.skip} href="#main">
        Skip to main content
      </a>
      <Navigation />
      <main id="main" className={styles.main} tabIndex={-1}>
        {maintenance ? (
          <MaintenancePage />
        ) : (
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<PageSkeleton />}>
              {children}
              <PageReady />
            </Suspense>
          </RouteErrorBoundary>
        )}
      </main>
      <Footer />
    </div>
  );
}

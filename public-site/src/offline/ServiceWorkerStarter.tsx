import { useEffect } from 'react';

/**
 * Starts the service worker once the page has loaded and the browser is idle: its registration code is a chunk of
 * its own, so the first page's JavaScript does not grow and nothing waits for it.
 */
export function ServiceWorkerStarter() {
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const start = () => {
      if (cancelled) return;
      const idle = (fn: () => void) => {
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn);
        else setTimeout(fn, 200);
      };
      idle(() => {
        void import(/* webpackChunkName: "offline-register" */ './register')
          .then((m) => m.registerServiceWorker())
          .catch(() => undefined); // no worker: the site works as before
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
    };
  }, []);
  return null;
}

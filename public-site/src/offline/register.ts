import { CACHE_PREFIX } from '../sw/shared';

/**
 * Registers the service worker (docs/offline.md), in its own small chunk loaded after the page has loaded. The
 * worker lives at `/sw.js` (scope `/`) and is told where this release's files are (`?base=`). A build made with
 * PUBLIC_SW=off unregisters any worker and deletes the site's caches instead.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  if (__PUBLIC_SW__ === 'off') {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX)) await caches.delete(name);
    return;
  }
  addManifestLink();
  const base = new URL(__webpack_public_path__ || '/remotes/public-site/', window.location.href).href;
  const registration = await navigator.serviceWorker.register(`/sw.js?base=${encodeURIComponent(base)}`, {
    scope: '/',
  });
  // A new release's worker takes over at once (it skips waiting), but a browser may leave it waiting when the
  // previous worker was busy at that moment (Chromium does): the page asks it again while it waits, and files are
  // warmed by the worker that controls the page once that is settled, not by the outgoing one.
  askToTakeOver(registration);
  registration.addEventListener('updatefound', () => askToTakeOver(registration));
  if (registration.installing || registration.waiting) await controllerChange(10_000);
  // Files this page loaded before the worker ran (the shell's chunks, this remote's entry): stored now, so that the
  // next visit opens without a connection.
  const ready = await navigator.serviceWorker.ready;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .concat(Array.from(document.scripts, (s) => s.src).filter(Boolean), window.location.origin + '/index.html');
  ready.active?.postMessage({ type: 'warm', urls: [...new Set(loaded)] });
}

/** While a new worker installs or waits (15 s at most), asks it every second to skip waiting. */
function askToTakeOver(registration: ServiceWorkerRegistration, asked = 0): void {
  const waiting = registration.waiting;
  waiting?.postMessage({ type: 'skip-waiting' });
  if ((waiting || registration.installing) && asked < 15) {
    setTimeout(() => askToTakeOver(registration, asked + 1), 1000);
  }
}

/** Resolves when another worker takes control of the page, or after `timeoutMs`. */
function controllerChange(timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      navigator.serviceWorker.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    navigator.serviceWorker.addEventListener('controllerchange', done);
  });
}

/** The web app manifest (the server puts it in rendered pages; a page rendered in the browser gets it here). */
function addManifestLink(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.appendChild(link);
}

/** Asks the worker to keep the viewer's code (pdf.js), so that saved documents can be read offline. */
export async function warmViewer(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const worker = registration?.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 30_000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'warm-viewer' }, [channel.port2]);
  });
}

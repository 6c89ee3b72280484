/// <reference lib="webworker" />
/**
 * The kill switch (docs/offline.md): served as `/sw.js` instead of the worker (`PUBLIC_SW=off` at build or serve
 * time). Browsers check `/sw.js` on every navigation; this one takes over at once, deletes every cache the site
 * made (`ppl-*`), unregisters itself and reloads the open pages, which then come from the network as if no worker
 * had ever been installed.
 */
declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('ppl-')) await caches.delete(name);
      await self.registration.unregister();
      const windows = await self.clients.matchAll({ type: 'window' });
      await Promise.all(windows.map((client) => client.navigate(client.url).catch(() => null)));
    })(),
  );
});

// No fetch handler: every request goes to the network.
export {};

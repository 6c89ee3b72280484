import { INDEX_CACHE, INDEX_URL, PACKS_CACHE, readIndex, type PackIndex, type SavedPack } from '../sw/shared';
import type { PackPlan } from './pack-plan';

/** Sent on `window` whenever the saved packs change (every list of saved items listens). */
export const PACKS_CHANGED = 'ppl-offline-packs-changed';

/** The device has no room for the pack: nothing of it was kept. */
export class StorageFullError extends Error {
  constructor() {
    super('There is not enough free storage on this device to save this. Remove something saved and try again.');
    this.name = 'StorageFullError';
  }
}

export const offlineSupported = () =>
  typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;

export async function listPacks(): Promise<SavedPack[]> {
  if (!offlineSupported()) return [];
  return (await readIndex(caches)).packs;
}

async function writeIndex(index: PackIndex): Promise<void> {
  const cache = await caches.open(INDEX_CACHE);
  await cache.put(INDEX_URL, new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }));
  window.dispatchEvent(new Event(PACKS_CHANGED));
}

const isQuotaError = (error: unknown) =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);

export interface SaveProgress {
  /** Bytes fetched so far. */
  loaded: number;
  /** Bytes expected (the API's sizes; grows if a part is bigger). */
  total: number;
}

/** Reads a response whole, counting bytes as they arrive. */
async function readCounting(response: Response, onBytes: (n: number) => void): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) {
    const blob = await response.blob();
    onBytes(blob.size);
    return blob;
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onBytes(value.length);
  }
  return new Blob(chunks);
}

/**
 * Saves a pack: every part is fetched first (parts another saved pack already holds are reused, never fetched
 * again), and only when all have arrived are they written to the cache; if the device runs out of room while
 * writing, what this save wrote is removed again (never a half-saved pack). The first save asks the browser to keep
 * the site's storage (`navigator.storage.persist()`).
 */
export async function savePack(
  plan: PackPlan,
  onProgress: (progress: SaveProgress) => void,
  signal?: AbortSignal,
): Promise<SavedPack> {
  const index = await readIndex(caches);
  if (index.packs.length === 0) await navigator.storage?.persist?.().catch(() => false);
  const cache = await caches.open(PACKS_CACHE);
  const total = plan.parts.reduce((sum, part) => sum + (part.size ?? 0), 0);
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (estimate?.quota !== undefined && estimate.usage !== undefined && estimate.quota - estimate.usage < total) {
    throw new StorageFullError();
  }

  let loaded = 0;
  const progress = { loaded: 0, total };
  const fetched: Array<{ url: string; response: Response; size: number }> = [];
  const kept: Array<{ url: string; size: number }> = [];
  for (const part of plan.parts) {
    const existing = await cache.match(part.url);
    if (existing) {
      const size = Number(existing.headers.get('Content-Length')) || part.size || 0;
      kept.push({ url: part.url, size });
      loaded += part.size ?? 0;
      onProgress({ ...progress, loaded });
      continue;
    }
    const response = await fetch(part.url, { credentials: 'same-origin', signal });
    if (!response.ok) {
      if (part.optional) continue;
      throw new Error(`A part of this item could not be fetched (${response.status}). Try again later.`);
    }
    const before = loaded;
    const blob = await readCounting(response, (n) => {
      loaded += n;
      progress.total = Math.max(progress.total, loaded);
      onProgress({ ...progress, loaded });
    });
    if (part.size) loaded = before + Math.max(blob.size, part.size);
    const headers = new Headers(response.headers);
    headers.set('Content-Length', String(blob.size));
    headers.delete('Content-Encoding');
    fetched.push({ url: part.url, size: blob.size, response: new Response(blob, { status: 200, headers }) });
  }

  const written: string[] = [];
  try {
    for (const item of fetched) {
      await cache.put(item.url, item.response);
      written.push(item.url);
    }
  } catch (error) {
    for (const url of written) await cache.delete(url);
    throw isQuotaError(error) ? new StorageFullError() : error;
  }

  const saved: SavedPack = {
    id: plan.id,
    kind: plan.kind,
    title: plan.title,
    href: plan.href,
    pages: plan.pages,
    urls: plan.parts.map((p) => p.url).filter((url) => written.includes(url) || kept.some((k) => k.url === url)),
    bytes: [...fetched, ...kept].reduce((sum, item) => sum + item.size, 0),
    paperIds: plan.paperIds,
    savedAt: new Date().toISOString(),
  };
  const latest = await readIndex(caches);
  try {
    await writeIndex({ version: 1, packs: [...latest.packs.filter((p) => p.id !== plan.id), saved] });
  } catch (error) {
    for (const url of written) await cache.delete(url);
    throw isQuotaError(error) ? new StorageFullError() : error;
  }
  return saved;
}

/** Removes a pack: its files go unless another saved pack holds them too. */
export async function removePack(id: string): Promise<void> {
  const index = await readIndex(caches);
  const pack = index.packs.find((p) => p.id === id);
  if (!pack) return;
  const others = index.packs.filter((p) => p.id !== id);
  const stillUsed = new Set(others.flatMap((p) => p.urls));
  const cache = await caches.open(PACKS_CACHE);
  for (const url of pack.urls) if (!stillUsed.has(url)) await cache.delete(url);
  await writeIndex({ version: 1, packs: others });
}

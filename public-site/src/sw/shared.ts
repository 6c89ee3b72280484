/**
 * What the service worker (src/sw/sw.ts) and the public site's pages (features/offline) agree on: cache names, the
 * address of the saved-packs index, and how a document read's address maps to the saved copy. Plain code that runs
 * in both a window and a worker (no DOM, no worker-only API).
 */

/** Every cache this site creates starts with this (the kill switch deletes exactly these). */
export const CACHE_PREFIX = 'ppl-';
/** Saved packs: documents, page-1 pictures and the API reads the saved pages need. Never expired by the worker. */
export const PACKS_CACHE = 'ppl-packs';
/** The index of saved packs: one JSON entry at INDEX_URL. */
export const INDEX_CACHE = 'ppl-offline-index';
export const INDEX_URL = '/__ppl_offline__/packs.json';
/** Content-hashed files of any release (they never change): cache-first, kept across releases. */
export const ASSETS_CACHE = 'ppl-assets';
/** Public API reads, network-first: the copy is what an offline visit shows. */
export const API_CACHE = 'ppl-api';
/** Pages and fixed-name files of one release: `ppl-pages-<release>`, dropped when another release takes over. */
export const PAGES_CACHE_PREFIX = 'ppl-pages-';
/** The offline page (public-site route, lazy). */
export const OFFLINE_PATH = '/offline';

/** Paths the worker never answers (the admin half renders in the browser, online only). */
export const isAdminPath = (path: string): boolean =>
  path === '/login' || path === '/unauthorized' || path === '/admin' || path.startsWith('/admin/');

/**
 * A saved document's address: the read's address without `range` (the viewer asks for pieces with `?range=a-b`
 * as well as with a Range header; both are answered from the one saved copy).
 */
export function packKey(url: string, base: string): string {
  const parsed = new URL(url, base);
  parsed.searchParams.delete('range');
  parsed.hash = '';
  return parsed.href;
}

/** `?range=a-b` of a document read (inclusive bytes), or null. */
export function queryRange(url: string, base: string): { start: number; end: number } | null {
  const value = new URL(url, base).searchParams.get('range');
  const match = value === null ? null : /^(\d{1,12})-(\d{1,12})$/.exec(value);
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return end >= start ? { start, end } : null;
}

/** One saved item: a paper, a session of a subject, or a whole subject. */
export interface SavedPack {
  /** `paper:12`, `session:0580:2024:May/June`, `subject:0580`. */
  id: string;
  kind: 'paper' | 'session' | 'subject';
  /** "Mathematics (0580) Paper 12 · May/June 2024". */
  title: string;
  /** Where to open it (a viewer or subject page path). */
  href: string;
  /** Page paths that open offline because of this pack. */
  pages: string[];
  /** Every saved address (absolute URLs), documents and API reads. */
  urls: string[];
  /** Bytes stored (the sum of what was saved). */
  bytes: number;
  /** Papers inside (paper ids). */
  paperIds: number[];
  savedAt: string;
}

export interface PackIndex {
  version: 1;
  packs: SavedPack[];
}

/** The index as stored; anything unreadable is an empty index (never a crash). */
export function parseIndex(value: unknown): PackIndex {
  const packs =
    value && typeof value === 'object' && Array.isArray((value as { packs?: unknown }).packs)
      ? ((value as { packs: unknown[] }).packs.filter(
          (p) =>
            !!p &&
            typeof p === 'object' &&
            typeof (p as SavedPack).id === 'string' &&
            Array.isArray((p as SavedPack).urls) &&
            Array.isArray((p as SavedPack).pages),
        ) as SavedPack[])
      : [];
  return { version: 1, packs };
}

export async function readIndex(storage: CacheStorage): Promise<PackIndex> {
  const cache = await storage.open(INDEX_CACHE);
  const response = await cache.match(INDEX_URL);
  if (!response) return { version: 1, packs: [] };
  try {
    return parseIndex(await response.json());
  } catch {
    return { version: 1, packs: [] };
  }
}

/** Whether a page path opens offline because a saved pack lists it (the viewer's query is not part of it). */
export function savedPage(index: PackIndex, path: string): boolean {
  const wanted = path.toLowerCase().replace(/\/+$/, '');
  return index.packs.some((p) => p.pages.some((page) => page.toLowerCase().replace(/\/+$/, '') === wanted));
}

import { extname } from 'node:path';

/** 'Mathematics', '0580', 2024, 'May/June', 'Paper 1' → 'mathematics-0580-2024-may-june-paper-1' (ASCII, safe in a header). */
export function friendlyName(parts: Array<string | number | null | undefined>, storedPath: string): string {
  const base = parts
    .filter((p): p is string | number => p !== null && p !== undefined && String(p).trim() !== '')
    .map((p) =>
      String(p)
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter((p) => p.length > 0)
    .join('-')
    .slice(0, 150);
  return `${base || 'document'}${extname(storedPath).toLowerCase()}`;
}

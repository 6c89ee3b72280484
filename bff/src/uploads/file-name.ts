/**
 * An uploaded file's own name, fit to keep and show: the last path segment, no control characters, at most 255
 * characters (keeping the extension). Null when nothing is left.
 */
export function cleanFileName(original: string | undefined): string | null {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean === '') return null;
  if (clean.length <= 255) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 255 - extension.length) + extension;
}

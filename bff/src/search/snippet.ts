/** ts_headline marks matches with these sentinels (search.queries.ts); stored pages never contain them. */
const START = '\u0001';
const STOP = '\u0002';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A snippet safe to put in HTML: every character of the document's text escaped, and only the matched words
 * wrapped in `<mark>`. The marks come from sentinels ts_headline placed in the raw text, swapped after escaping,
 * so no text from a document can ever become markup. White space is collapsed; an unbalanced sentinel is dropped.
 */
export function snippetHtml(headline: string | null): string | null {
  if (headline === null) return null;
  let out = '';
  let open = false;
  for (const char of headline.replace(/\s+/g, ' ').trim()) {
    if (char === START) {
      if (!open) out += '<mark>';
      open = true;
    } else if (char === STOP) {
      if (open) out += '</mark>';
      open = false;
    } else {
      out += ESCAPES[char] ?? char;
    }
  }
  return open ? `${out}</mark>` : out;
}

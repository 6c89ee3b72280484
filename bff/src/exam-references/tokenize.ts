/** A word of a file name or query: as written (after Unicode NFKC), and in lower case for matching. */
export interface Token {
  raw: string;
  lower: string;
}

/**
 * Splits text into words of letters, marks and digits; everything else (spaces, `_ - / . ( )`, quotes, SQL-special
 * characters, emoji) separates words. NFKC first, so full-width digits and letters read as their plain forms.
 */
export function tokenize(text: string): Token[] {
  return text
    .normalize('NFKC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((raw) => ({ raw, lower: raw.toLowerCase() }));
}

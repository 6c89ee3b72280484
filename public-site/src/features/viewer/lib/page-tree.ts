/** Reads a stretch of the document as text (latin1): bytes [begin, end). */
export type ReadText = (begin: number, end: number) => Promise<string>;

/** At most this many page dictionaries are looked for (a bound on the work and the bytes). */
const MAX_KIDS = 2000;
/** How much is read to find one object's dictionary. */
const OBJECT_BYTES = 2048;

/**
 * Where the page tree's first level lies in a PDF with a classic cross-reference table: the offsets of the objects
 * in the root /Pages node's /Kids (the page dictionaries, in a flat tree). pdf.js reads every one of them before it
 * shows page 1 (to check the last page, it walks the tree and asks for all the kids at once), and in many files
 * (pdfkit's, and others that write each page's dictionary after its content) they lie all over the file: knowing
 * them as soon as the end of the file is here, they are fetched while pdf.js itself is still starting.
 *
 * Returns null whenever the file is not that simple (a cross-reference stream, objects in object streams, a /Kids
 * that is not a plain array...): pdf.js then finds its way alone, as before. `tail` holds the file's last bytes,
 * from `tailBegin`.
 */
export async function pageTreeKidOffsets(tail: string, tailBegin: number, read: ReadText): Promise<number[] | null> {
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  const xrefAt = startxref ? Number(startxref[1]) - tailBegin : -1;
  if (xrefAt < 0 || !tail.startsWith('xref', xrefAt)) return null;
  const trailerAt = tail.indexOf('trailer', xrefAt);
  if (trailerAt < 0) return null;
  const offsets = xrefOffsets(tail.slice(xrefAt + 4, trailerAt));
  const root = /\/Root\s+(\d+)\s+\d+\s+R/.exec(tail.slice(trailerAt));
  if (!offsets || !root) return null;

  const objectText = async (id: number): Promise<string | null> => {
    const at = offsets.get(id);
    if (at === undefined) return null;
    const text = at >= tailBegin ? tail.slice(at - tailBegin) : await read(at, at + OBJECT_BYTES);
    const body = new RegExp(`^${id}\\s+\\d+\\s+obj\\b([\\s\\S]*?)\\bendobj`).exec(text);
    return body ? body[1]! : null;
  };
  const catalog = await objectText(Number(root[1]));
  const pagesRef = catalog && /\/Pages\s+(\d+)\s+\d+\s+R/.exec(catalog);
  const pages = pagesRef ? await objectText(Number(pagesRef[1])) : null;
  const kids = pages && /\/Kids\s*\[([^\]]*)\]/.exec(pages);
  if (!kids) return null;
  const refs = [...kids[1]!.matchAll(/(\d+)\s+\d+\s+R/g)].map((m) => Number(m[1]));
  if (refs.length === 0 || refs.length > MAX_KIDS) return null;
  const kidOffsets = refs.map((id) => offsets.get(id));
  return kidOffsets.every((o): o is number => o !== undefined) ? kidOffsets : null;
}

/** A classic cross-reference table's in-use entries (object number to offset), or null if it is not one. */
function xrefOffsets(table: string): Map<number, number> | null {
  const offsets = new Map<number, number>();
  const lines = table.trim().split(/\r\n|\r|\n/);
  let next = -1;
  let left = 0;
  for (const line of lines) {
    const entry = /^(\d{10}) (\d{5}) ([nf])\s*$/.exec(line);
    if (entry && left > 0) {
      if (entry[3] === 'n') offsets.set(next, Number(entry[1]));
      next++;
      left--;
      continue;
    }
    const section = /^(\d+) (\d+)\s*$/.exec(line);
    if (!section || left > 0) return null;
    next = Number(section[1]);
    left = Number(section[2]);
  }
  return left === 0 && offsets.size > 0 ? offsets : null;
}

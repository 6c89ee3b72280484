/**
 * The detector's input: the text of each page as pdf.js lays it out, reduced to what detection reads and cheap to
 * send between processes (plain arrays and numbers, positions rounded to 0.01 pt: under a third of the JSON of
 * pdf.js's own items, about 60 KB for a 20-page paper).
 */

/**
 * One run of text: `[text, x, y, width, size, font]`. x and y are the left end of its baseline in PDF units with the
 * origin at the bottom-left of the page box (pdf.js's `transform[4]`, `transform[5]`); `size` is the font size
 * (pdf.js's `height`); `font` is an index into `LaidOutText.fonts`.
 */
export type TextRun = [text: string, x: number, y: number, width: number, size: number, font: number];

export interface TextPage {
  /** The page box's size in PDF units (from pdf.js's `page.view`). */
  width: number;
  height: number;
  /** Horizontal runs only: rotated text (margin notes such as "DO NOT WRITE IN THIS MARGIN") is left out. */
  runs: TextRun[];
}

export interface TextFont {
  /** The style's family as pdf.js names it (`sans-serif`, `serif`, `monospace`, or an embedded font's name). */
  family: string;
  /** Whether the font is bold, when the reader knows it (pdf.js's text styles usually do not say: then null). */
  bold: boolean | null;
}

export interface LaidOutText {
  pages: TextPage[];
  fonts: TextFont[];
}

/** The parts of pdf.js's `getTextContent()` answer that are read here (structural, so no pdf.js import). */
export interface PdfJsTextContent {
  items: ReadonlyArray<PdfJsTextItem | { type: string }>;
  styles: Readonly<Record<string, { fontFamily?: string } | undefined>>;
}
export interface PdfJsTextItem {
  str: string;
  transform: readonly number[];
  width: number;
  height: number;
  fontName: string;
}

/** Bounds on one document's work: an exam document has tens of pages, a page a few thousand runs. */
export const MAX_PAGES = 300;
export const MAX_RUNS_PER_PAGE = 5_000;
/**
 * Detection reads documents of at most this many runs (a 40-page paper has about 2,000; a long examiner report
 * 30,000): anything larger is no exam document, and is not read.
 */
export const MAX_DOCUMENT_RUNS = 60_000;

/** Whether a document is larger than detection reads. */
export function beyondBounds(text: LaidOutText): boolean {
  let runs = 0;
  for (const page of text.pages) runs += page.runs.length;
  return runs > MAX_DOCUMENT_RUNS || text.pages.length > MAX_PAGES;
}
const MAX_RUN_CHARS = 400;

const round = (n: number): number => Math.round(n * 100) / 100;
const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * Collects pages from pdf.js into one `LaidOutText`, font by font. One builder per document (pdf.js's font names are
 * per document).
 */
export class LaidOutTextBuilder {
  private readonly pages: TextPage[] = [];
  private readonly fonts: TextFont[] = [];
  private readonly fontIndex = new Map<string, number>();

  /**
   * Adds a page: `content` from `page.getTextContent()`, `view` from `page.view` ([x0, y0, x1, y1]).
   * `boldFonts` may name the pdf.js font names known to be bold (for readers that know them).
   */
  addPage(content: PdfJsTextContent, view: readonly number[], boldFonts?: ReadonlySet<string>): void {
    if (this.pages.length >= MAX_PAGES) return;
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
    const runs: TextRun[] = [];
    for (const item of content.items) {
      if (runs.length >= MAX_RUNS_PER_PAGE) break;
      if (!('str' in item) || typeof item.str !== 'string') continue;
      const text = item.str.replace(/\s+/g, ' ').trim();
      if (!text) continue;
      const [a, b, c, d, e, f] = item.transform;
      if (!finite(a) || !finite(b) || !finite(c) || !finite(d) || !finite(e) || !finite(f)) continue;
      // Only upright, horizontal text: a rotated margin note or a sideways table is not part of the layout read here.
      if (a <= 0 || d <= 0 || Math.abs(b) > Math.abs(a) * 0.01 || Math.abs(c) > Math.abs(d) * 0.01) continue;
      const size = finite(item.height) && item.height > 0 ? item.height : d;
      const width = finite(item.width) && item.width >= 0 ? item.width : 0;
      // pdf.js keeps leading spaces in `str`: move x past them so a run starts where its first character does.
      const lead = item.str.length - item.str.trimStart().length;
      const x = e - x0 + (lead > 0 && item.str.length > 0 ? (width * lead) / item.str.length : 0);
      const shown = lead > 0 ? width * (1 - lead / item.str.length) : width;
      runs.push([
        text.slice(0, MAX_RUN_CHARS),
        round(x),
        round(f - y0),
        round(shown),
        round(size),
        this.font(item, content, boldFonts),
      ]);
    }
    this.pages.push({ width: round(x1 - x0), height: round(y1 - y0), runs });
  }

  build(): LaidOutText {
    return { pages: this.pages, fonts: this.fonts };
  }

  private font(item: PdfJsTextItem, content: PdfJsTextContent, boldFonts?: ReadonlySet<string>): number {
    const known = this.fontIndex.get(item.fontName);
    if (known !== undefined) return known;
    const family = content.styles[item.fontName]?.fontFamily ?? '';
    const bold = boldFonts ? boldFonts.has(item.fontName) : /bold|black|heavy/i.test(family) ? true : null;
    this.fonts.push({ family, bold });
    this.fontIndex.set(item.fontName, this.fonts.length - 1);
    return this.fonts.length - 1;
  }
}

/**
 * Whether a value received from elsewhere (another process, a stored column) has the shape of a `LaidOutText`.
 * Detection reads only what passes.
 */
export function isLaidOutText(value: unknown): value is LaidOutText {
  if (typeof value !== 'object' || value === null) return false;
  const { pages, fonts } = value as { pages?: unknown; fonts?: unknown };
  if (!Array.isArray(pages) || !Array.isArray(fonts)) return false;
  return (
    pages.every(
      (page: unknown) =>
        typeof page === 'object' &&
        page !== null &&
        finite((page as TextPage).width) &&
        finite((page as TextPage).height) &&
        Array.isArray((page as TextPage).runs) &&
        (page as TextPage).runs.every(
          (run: unknown) =>
            Array.isArray(run) &&
            run.length === 6 &&
            typeof run[0] === 'string' &&
            finite(run[1]) &&
            finite(run[2]) &&
            finite(run[3]) &&
            finite(run[4]) &&
            finite(run[5]),
        ),
    ) &&
    fonts.every(
      (font: unknown) => typeof font === 'object' && font !== null && typeof (font as TextFont).family === 'string',
    )
  );
}

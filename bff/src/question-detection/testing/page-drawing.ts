/** What a generated page is made of, in points from the top-left of an A4 page; drawn by render-pdf.ts. */

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

export type FontFace = 'regular' | 'bold' | 'italic';

export type DrawOp =
  /** Text whose line box starts at `y`; `x` is its left end, right end or centre as `align` says. */
  | { op: 'text'; text: string; x: number; y: number; size: number; font: FontFace; align: 'left' | 'right' | 'centre' }
  /** Text turned by `angle` degrees about (x, y): margin notes. */
  | { op: 'rotated'; text: string; x: number; y: number; size: number; angle: number }
  | { op: 'rect'; x: number; y: number; width: number; height: number; fill: string | null }
  | { op: 'line'; x1: number; y1: number; x2: number; y2: number };

export type DrawnPage = DrawOp[];

/** The width of a text in a face and size (pdfkit's metrics of the standard fonts). */
export type Measure = (text: string, font: FontFace, size: number) => number;

export const text = (
  value: string,
  x: number,
  y: number,
  size = 11,
  font: FontFace = 'regular',
  align: 'left' | 'right' | 'centre' = 'left',
): DrawOp => ({ op: 'text', text: value, x, y, size, font, align });

/** Breaks a text into lines no wider than `width`. */
export function wrap(value: string, width: number, measure: Measure, font: FontFace = 'regular', size = 11): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate, font, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A row of dots filling `width` (an answer line). */
export function dots(width: number, measure: Measure, size = 11): string {
  const dot = measure('.', 'regular', size);
  return '.'.repeat(Math.max(3, Math.floor(width / dot)));
}

/**
 * Places blocks down the pages between `top` and `bottom`, starting a new page when a block does not fit.
 * `place` answers where the block went (page index from 0, and its y).
 */
export class PageFlow {
  readonly pages: DrawnPage[] = [];
  y: number;

  constructor(
    private readonly top: number,
    private readonly bottom: number,
    private readonly onNewPage: (page: DrawnPage, index: number) => number = () => top,
  ) {
    this.y = bottom + 1;
  }

  get pageIndex(): number {
    return this.pages.length - 1;
  }

  get atPageTop(): boolean {
    return this.pages.length > 0 && this.y <= this.top + 0.5;
  }

  newPage(): void {
    const page: DrawnPage = [];
    this.pages.push(page);
    this.y = this.onNewPage(page, this.pages.length - 1);
  }

  /** Room left on the current page (points). */
  get room(): number {
    return this.pages.length === 0 ? 0 : this.bottom - this.y;
  }

  place(height: number, draw: (y: number) => DrawOp[]): { page: number; y: number } {
    if (this.pages.length === 0 || (this.y + height > this.bottom && !this.atPageTop)) this.newPage();
    const y = this.y;
    this.pages[this.pages.length - 1]!.push(...draw(y));
    this.y += height;
    return { page: this.pages.length - 1, y };
  }

  gap(points: number): void {
    if (!this.atPageTop) this.y += points;
  }
}

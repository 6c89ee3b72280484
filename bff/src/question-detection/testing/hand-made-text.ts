import { type LaidOutText, type TextRun } from '../laid-out-text';

/**
 * Text placed by hand, for fast tests of the detector without PDFs: `x` from the left and `baseline` from the top
 * of an A4 page, in points. Widths are estimated (half the font size per character; digits and brackets alike).
 */
export interface Placed {
  x: number;
  baseline: number;
  text: string;
  size?: number;
  bold?: boolean;
  /** Right-align the text so that it ends at `x`. */
  right?: boolean;
}

export const A4 = { width: 595.28, height: 841.89 };

/** Fonts of hand-made text: 0 regular, 1 bold (the reader knows which here; pdf.js usually does not). */
const FONTS = [
  { family: 'sans-serif', bold: false },
  { family: 'sans-serif', bold: true },
];

export const charWidth = (size: number): number => size * 0.5;

export function handMadeText(pages: Placed[][], fonts: 'known' | 'unknown' = 'unknown'): LaidOutText {
  return {
    fonts: FONTS.map((font) => ({ ...font, bold: fonts === 'known' ? font.bold : null })),
    pages: pages.map((placed) => ({
      width: A4.width,
      height: A4.height,
      runs: placed.map((item): TextRun => {
        const size = item.size ?? 11;
        const width = item.text.length * charWidth(size);
        const x = item.right ? item.x - width : item.x;
        return [item.text, x, A4.height - item.baseline, width, size, item.bold ? 1 : 0];
      }),
    })),
  };
}

/** One line of runs at a baseline: `[x, text]` pairs (a `*` before the text makes it bold). */
export function lineAt(baseline: number, ...runs: Array<[number, string]>): Placed[] {
  return runs.map(([x, value]) => ({
    x,
    baseline,
    text: value.replace(/^\*/, ''),
    bold: value.startsWith('*'),
  }));
}

/** A mark or total at the right edge (`[2]`, `[Total: 9]`, `(2)`). */
export const markAt = (baseline: number, value: string, right = 545): Placed => ({
  x: right,
  baseline,
  text: value,
  right: true,
});

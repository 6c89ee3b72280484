import { type Line, type ReadPage } from './page-lines';

/** Where a paper's end matter begins: acknowledgements and the board's notice after the last question. */
const END_MATTER =
  /^(?:permission to reproduce items|copyright acknowledgements?|to avoid the issue of disclosure of answer-related information|cambridge (?:assessment )?international education is part of|cambridge university press & assessment is part of|pearson education limited\.? registered company)/i;
/** End matter is looked for on this many last pages only. */
const END_PAGES = 3;

/**
 * The lines that can hold questions, in reading order: every page's body but the cover's (when page 1 is one),
 * "BLANK PAGE" pages and the end matter.
 */
export function contentLines(pages: readonly ReadPage[], skipCover: boolean): Line[] {
  const lines: Line[] = [];
  const endFrom = Math.max(1, pages.length - END_PAGES + 1);
  for (const page of pages) {
    if ((skipCover && page.number === 1) || page.blank) continue;
    for (const line of page.lines) {
      if (page.number >= endFrom && END_MATTER.test(line.text)) return lines;
      lines.push(line);
    }
  }
  return lines;
}

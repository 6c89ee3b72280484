import { beyondBounds, MAX_RUNS_PER_PAGE, type LaidOutText } from './laid-out-text';
import { linePieces, readPages, type ReadPage } from './page-lines';

/** What a document's cover (its first page) states. */
export interface CoverFacts {
  /** "The total mark for this paper is 80." (Edexcel also ends its papers with "TOTAL FOR PAPER IS 80 MARKS".) */
  statedTotal: number | null;
  /** A mark scheme's "Maximum Mark: 80". */
  maximumMark: number | null;
  /** "1 hour 15 minutes", "2 hours", "45 minutes", "Time: 1 hour 30 minutes", "Time allowed: 2 hrs", in minutes. */
  durationMinutes: number | null;
  /** The paper's reference as printed: "0625/42" (Cambridge), "4MA1/1H" (Edexcel). */
  paperCode: string | null;
  /** Whether page 1 looks like a cover (instructions, a total, a duration, candidate boxes). */
  isCover: boolean;
}

const STATED_TOTAL =
  /total marks? (?:for|of|available for) this (?:paper|question paper|component) (?:is|=) (\d{1,3})\b/i;
const PAPER_TOTAL = /^total for paper (?:is|=) (\d{1,3}) marks?$/i;
const MAXIMUM_MARK = /^maximum (?:raw )?mark:? (\d{1,3})$/i;
/** The whole line (or piece) must be the duration: "in 24 hours" inside a question is no duration. */
const DURATION =
  /^(?:(?:time(?: allowed)?|duration):?\s*)?(?:(\d{1,2}) (?:hours?|hrs?)(?: (?:and )?(\d{1,2}) (?:minutes?|mins?))?|(\d{1,3}) (?:minutes?|mins?))$/i;
const CAMBRIDGE_CODE = /(?:^|\s)(\d{4}\/\d{2})(?:$|\s)/;
const EDEXCEL_CODE = /(?:^|\s)(\d[A-Z]{2}\d\/\d{1,2}[A-Z]{0,2}|[A-Z]{3}\d{2}\/\d{2})(?:$|\s)/;
const COVER_WORDS =
  /\b(?:INSTRUCTIONS|INFORMATION|candidate (?:name|number)|centre number|read these instructions|answer all questions|mark scheme|maximum mark)\b/i;

/** What a document's cover states (the duration and total of a question paper, a mark scheme's maximum). */
export function coverFacts(text: LaidOutText): CoverFacts {
  // A document beyond detection's bounds still has its first page read.
  const first = text.pages.slice(0, 1).map((page) => ({ ...page, runs: page.runs.slice(0, MAX_RUNS_PER_PAGE) }));
  return readCover(readPages(beyondBounds(text) ? { ...text, pages: first } : text));
}

/** Reads the facts printed on page 1 (and, for Edexcel's closing total, the last page). */
export function readCover(pages: readonly ReadPage[]): CoverFacts {
  const first = pages[0];
  const facts: CoverFacts = {
    statedTotal: null,
    maximumMark: null,
    durationMinutes: null,
    paperCode: null,
    isCover: false,
  };
  if (!first) return facts;
  for (const line of first.lines) {
    facts.statedTotal ??= number(STATED_TOTAL.exec(line.text)?.[1]);
    facts.paperCode ??= CAMBRIDGE_CODE.exec(line.text)?.[1] ?? EDEXCEL_CODE.exec(line.text)?.[1] ?? null;
    for (const piece of linePieces(line)) {
      facts.maximumMark ??= number(MAXIMUM_MARK.exec(piece)?.[1]);
      facts.durationMinutes ??= duration(piece);
    }
  }
  if (facts.statedTotal === null) {
    const last = pages[pages.length - 1];
    for (const line of last?.lines ?? []) facts.statedTotal ??= number(PAPER_TOTAL.exec(line.text)?.[1]);
  }
  facts.isCover =
    facts.statedTotal !== null ||
    facts.maximumMark !== null ||
    facts.durationMinutes !== null ||
    first.lines.some((line) => COVER_WORDS.test(line.text));
  return facts;
}

/** A duration as printed on a cover, in minutes; null for anything else. */
export function duration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const minutes = match[3] !== undefined ? Number(match[3]) : Number(match[1]) * 60 + Number(match[2] ?? 0);
  return minutes > 0 && minutes <= 6 * 60 ? minutes : null;
}

function number(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

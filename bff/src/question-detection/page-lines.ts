import { MAX_PAGES, type LaidOutText, type TextPage } from './laid-out-text';

/** A word with its horizontal extent, in points from the left of the page. */
export interface Word {
  text: string;
  x: number;
  right: number;
}

/** One line of body text, top-down coordinates (points from the top of the page). */
export interface Line {
  /** The page, from 1. */
  page: number;
  baseline: number;
  /** The top of the line's tallest text. */
  top: number;
  size: number;
  x: number;
  right: number;
  words: Word[];
  text: string;
  /** Whether the line's first run is in a bold font (null when the reader could not tell). */
  bold: boolean | null;
}

export interface ReadPage {
  number: number;
  width: number;
  height: number;
  /** Body lines in reading order: running headers and footers, page numbers and rotated text are gone. */
  lines: Line[];
  /** What was taken out as running header or footer (a table's header row repeated on each page is one). */
  running: Line[];
  /** The page number printed in the page's header or footer, when there is one. */
  printedNumber: number | null;
  /** A page that says only "BLANK PAGE" (or nothing at all). */
  blank: boolean;
}

/** Where something is: the page from 1, and `top` from 0 at the top of the page to 1 at the bottom. */
export interface PagePosition {
  page: number;
  top: number;
}

/**
 * Running headers and footers live in these bands at the top and bottom of a page; a text repeated at the same
 * place there on at least REPEAT_SHARE of the pages (and on two at least) is one.
 */
const HEADER_BAND = 0.085;
const FOOTER_BAND = 0.915;
const REPEAT_SHARE = 0.25;
/** Two runs are at the same place when they are this close (points). */
const SAME_PLACE = 3;
/** A gap wider than this many font sizes splits a line into separate pieces (columns, a header's corners). */
const PIECE_GAP = 3;
/** Entries kept per place and text: enough to count the pages of any document read here. */
const MAX_PLACES_PER_CELL = 2 * MAX_PAGES;

const PAGE_NUMBER = /^(?:page\s+)?([1-9]\d{0,2})(?:\s+of\s+\d{1,3})?$/i;
const BLANK_PAGE = /^(?:(?:blank page|this page (?:is )?intentionally left blank)[\s.]*)+$/i;
/** A mark at the end of a piece is content, even when it sits in a header band on several pages. */
const ENDS_WITH_MARK = /(?:\[\d{1,3}\]|\(\d{1,3}\))$/;

interface Run {
  text: string;
  x: number;
  right: number;
  baseline: number;
  size: number;
  font: number;
}

interface Piece {
  runs: Run[];
  text: string;
  key: string;
  x: number;
  baseline: number;
}

/** Reads every page into body lines. */
export function readPages(text: LaidOutText): ReadPage[] {
  const pages = text.pages.slice(0, MAX_PAGES);
  const bold = (font: number): boolean | null => text.fonts[font]?.bold ?? null;
  const grouped = pages.map((page) => groupLines(runsOf(page)));
  // Pieces of lines in the header and footer bands, by normalised text, to find what repeats.
  const banded = grouped.map((lines, index) => {
    const height = pages[index]!.height;
    return lines.filter((runs) => inBand(runs[0]!.baseline, runs[0]!.size, height)).flatMap((runs) => piecesOf(runs));
  });
  // Where each normalised text sits in the bands, by cells of SAME_PLACE points: a piece is compared with the
  // pieces of its own cell and the eight around it only.
  const cell = (x: number, baseline: number): string =>
    `${Math.round(x / SAME_PLACE)}:${Math.round(baseline / SAME_PLACE)}`;
  const places = new Map<string, Array<{ page: number; x: number; baseline: number; text: string }>>();
  banded.forEach((pieces, page) => {
    for (const piece of pieces) {
      const key = `${piece.key}\u0000${cell(piece.x, piece.baseline)}`;
      const here = places.get(key) ?? [];
      // A cell needs no more than one entry per page and text to count pages.
      if (here.length < MAX_PLACES_PER_CELL)
        here.push({ page, x: piece.x, baseline: piece.baseline, text: piece.text });
      places.set(key, here);
    }
  });
  // The same text at the same place on two pages is running; a text that differs in its numbers ("Page 3",
  // "Paper 0625/42" then "Paper 0625/43" at the top of two pages) needs a third page to be.
  const needed = Math.max(2, Math.ceil(pages.length * REPEAT_SHARE));
  const neededVarying = Math.max(3, needed);
  const verdicts = new Map<string, boolean>();
  const repeated = (piece: Piece): boolean => {
    const asked = `${piece.key}\u0000${piece.text}\u0000${piece.x}\u0000${piece.baseline}`;
    const known = verdicts.get(asked);
    if (known !== undefined) return known;
    const same = new Set<number>();
    const similar = new Set<number>();
    const column = Math.round(piece.x / SAME_PLACE);
    const row = Math.round(piece.baseline / SAME_PLACE);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const place of places.get(`${piece.key}\u0000${column + dx}:${row + dy}`) ?? []) {
          if (Math.abs(place.x - piece.x) > SAME_PLACE || Math.abs(place.baseline - piece.baseline) > SAME_PLACE)
            continue;
          similar.add(place.page);
          if (place.text === piece.text) same.add(place.page);
        }
      }
    }
    const verdict = same.size >= needed || similar.size >= neededVarying;
    verdicts.set(asked, verdict);
    return verdict;
  };

  return grouped.map((lines, index) => {
    const page = pages[index]!;
    let printedNumber: number | null = null;
    const body: Line[] = [];
    const running: Line[] = [];
    for (const runs of lines) {
      if (!inBand(runs[0]!.baseline, runs[0]!.size, page.height)) {
        body.push(lineOf(index + 1, runs, bold));
        continue;
      }
      const pieces = piecesOf(runs);
      const kept: Piece[] = [];
      const dropped: Piece[] = [];
      const others = (piece: Piece): Piece[] => pieces.filter((other) => other !== piece);
      for (const piece of pieces) {
        const pageNumber = PAGE_NUMBER.exec(piece.text);
        // A page number stands alone on its line, or among running header text.
        if (pageNumber && others(piece).every(repeated)) {
          printedNumber ??= Number(pageNumber[1]);
          continue;
        }
        if (!ENDS_WITH_MARK.test(piece.text) && repeated(piece)) dropped.push(piece);
        else kept.push(piece);
      }
      if (dropped.length > 0)
        running.push(
          lineOf(
            index + 1,
            dropped.flatMap((piece) => piece.runs),
            bold,
          ),
        );
      if (kept.length > 0)
        body.push(
          lineOf(
            index + 1,
            kept.flatMap((piece) => piece.runs),
            bold,
          ),
        );
    }
    const words = body.map((line) => line.text).join(' ');
    return {
      number: index + 1,
      width: page.width,
      height: page.height,
      lines: body,
      running,
      printedNumber,
      blank: words.trim() === '' || BLANK_PAGE.test(words.trim()),
    };
  });
}

/** The position of a line as a fraction of its page's height. */
export function positionOf(line: Line, pages: readonly ReadPage[]): PagePosition {
  const height = pages[line.page - 1]?.height ?? 0;
  const top = height > 0 ? Math.min(1, Math.max(0, line.top / height)) : 0;
  return { page: line.page, top: Math.round(top * 10_000) / 10_000 };
}

function inBand(baseline: number, size: number, height: number): boolean {
  return baseline - size <= height * HEADER_BAND || baseline >= height * FOOTER_BAND;
}

function runsOf(page: TextPage): Run[] {
  const runs: Run[] = [];
  for (const [text, x, y, width, size, font] of page.runs) {
    if (!text.trim()) continue;
    const shown = width > 0 ? width : size * 0.5 * text.length;
    runs.push({ text, x, right: x + shown, baseline: page.height - y, size: size > 0 ? size : 1, font });
  }
  return runs;
}

/** Runs on one baseline (within half the smaller font size), each line's runs from left to right. */
function groupLines(runs: Run[]): Run[][] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const lines: Run[][] = [];
  let current: Run[] = [];
  let baseline = Number.NEGATIVE_INFINITY;
  let size = 0;
  for (const run of sorted) {
    if (current.length > 0 && Math.abs(run.baseline - baseline) <= Math.min(size, run.size) * 0.5) {
      current.push(run);
      // The line's baseline is its largest text's: a subscript or superscript does not move it.
      if (run.size > size) {
        baseline = run.baseline;
        size = run.size;
      }
      continue;
    }
    if (current.length > 0) lines.push(current.sort((a, b) => a.x - b.x));
    current = [run];
    baseline = run.baseline;
    size = run.size;
  }
  if (current.length > 0) lines.push(current.sort((a, b) => a.x - b.x));
  return lines;
}

function piecesOf(runs: Run[]): Piece[] {
  const pieces: Piece[] = [];
  let current: Run[] = [];
  for (const run of runs) {
    const last = current[current.length - 1];
    if (last && run.x - last.right > PIECE_GAP * Math.max(last.size, run.size)) {
      pieces.push(pieceOf(current));
      current = [];
    }
    current.push(run);
  }
  if (current.length > 0) pieces.push(pieceOf(current));
  return pieces;
}

function pieceOf(runs: Run[]): Piece {
  const text = runs
    .map((run) => run.text)
    .join(' ')
    .trim();
  return {
    runs,
    text,
    key: text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' '),
    x: runs[0]!.x,
    baseline: runs[0]!.baseline,
  };
}

/** Space, tab, line breaks, no-break space. */
const isSpace = (code: number): boolean => code === 32 || code === 160 || (code >= 9 && code <= 13);

function lineOf(page: number, runs: Run[], bold: (font: number) => boolean | null): Line {
  const words: Word[] = [];
  for (const run of runs) {
    // Where each word of a run starts, in proportion to its characters (pdf.js gives one width per run).
    const value = run.text;
    const perChar = value.length > 0 ? (run.right - run.x) / value.length : 0;
    let start = -1;
    for (let i = 0; i <= value.length; i++) {
      const space = i === value.length || isSpace(value.charCodeAt(i));
      if (!space && start < 0) start = i;
      else if (space && start >= 0) {
        words.push({ text: value.slice(start, i), x: run.x + start * perChar, right: run.x + i * perChar });
        start = -1;
      }
    }
  }
  const main = runs.reduce((a, b) => (b.size > a.size ? b : a));
  return {
    page,
    baseline: main.baseline,
    top: runs.reduce((top, run) => Math.min(top, run.baseline - run.size), Number.POSITIVE_INFINITY),
    size: main.size,
    x: runs[0]!.x,
    right: runs.reduce((right, run) => Math.max(right, run.right), Number.NEGATIVE_INFINITY),
    words,
    text: words.map((word) => word.text).join(' '),
    bold: bold(runs[0]!.font),
  };
}

/** The texts of a line split where a wide gap separates them (a cover's left and right columns). */
export function linePieces(line: Line): string[] {
  const pieces: string[] = [];
  let current: string[] = [];
  let lastRight = Number.NEGATIVE_INFINITY;
  for (const word of line.words) {
    if (current.length > 0 && word.x - lastRight > PIECE_GAP * line.size) {
      pieces.push(current.join(' '));
      current = [];
    }
    current.push(word.text);
    lastRight = word.right;
  }
  if (current.length > 0) pieces.push(current.join(' '));
  return pieces;
}

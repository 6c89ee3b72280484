import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { LaidOutTextBuilder, type LaidOutText, type PdfJsTextContent } from '../question-detection';

/** Why a document could not be read: `permanent` when reading it again cannot help (a broken or locked PDF). */
export class ExtractionError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

/** pdfjs's names for files it cannot read however often it tries. */
const PERMANENT_ERRORS = new Set([
  'InvalidPDFException',
  'PasswordException',
  'FormatError',
  'UnknownErrorException',
  'MissingPDFException',
]);
/**
 * One file may take this much processor time (the process runs at nice 19: on a busy machine its wall-clock time says
 * little), and at most WALL_TIME_FACTOR times as long on the clock (where /proc cannot tell processor time, that
 * bound alone). A file over either is given up (the process is killed).
 */
export const DEFAULT_READ_TIMEOUT_MS = 60_000;
const WALL_TIME_FACTOR = 5;
/** Linux's clock ticks per second in /proc/PID/stat (USER_HZ: 100 on every architecture Node runs on). */
const CLOCK_TICKS_PER_SECOND = 100;
/** The process may hold this much memory (resident: its heap, and the buffers outside it that pictures take). */
export const DEFAULT_READ_MEMORY_MB = 512;
/**
 * The text kept of one document: a test paper has tens of pages of a few thousand characters; a 327 KB file of
 * 2,000 pages sharing one content stream would otherwise give 40 million characters to store and index. Reading
 * stops at the first bound reached; what was read is kept and the document is marked capped.
 */
export const TEXT_BOUNDS = { maxPages: 2000, maxPageChars: 20_000, maxDocumentChars: 2_000_000 } as const;
/** How often the process's resident memory and processor time are looked at (Linux: /proc/PID/status and stat). */
const USAGE_CHECK_MS = 200;
/** The process exits after this long without work (it holds pdfjs: tens of MB). */
const IDLE_EXIT_MS = 30_000;

function workerPath(): string {
  // Beside this file in src/ (tests) and dist/ (tsc copies it with allowJs).
  const path = join(__dirname, 'pdf-text.worker.cjs');
  if (!existsSync(path)) throw new Error('pdf-text.worker.cjs is missing from the build');
  return path;
}

/** Page 1 as a picture (WebP), for the viewer to show before pdf.js has drawn it. */
export interface PagePreview {
  width: number;
  height: number;
  image: Buffer;
}

/** Which bound stopped the reading of a document early: its number of pages, or of characters. */
export type TextCap = 'pages' | 'characters';

/** What was read from one PDF: the text of each page, and page 1's picture when it could be drawn. */
export interface ExtractedDocument {
  pages: string[];
  preview: PagePreview | null;
  /** The pages the file has (more than `pages` when capped). */
  pagesInFile: number;
  /** Null: the whole text was read. */
  capped: TextCap | null;
  /**
   * The text with its positions on each page (for question detection), or null when the reader did not send it or
   * the document is beyond detection's bounds.
   */
  layout?: LaidOutText | null;
}

/** One page's positioned text as pdf-text.worker.cjs sends it. */
interface PageLayoutMessage {
  view: number[];
  styles: PdfJsTextContent['styles'];
  items: PdfJsTextContent['items'];
}

/** The pages' positioned text built into a LaidOutText (null when none came, or it does not have the shape). */
function laidOut(pages: unknown): LaidOutText | null {
  if (!Array.isArray(pages)) return null;
  const builder = new LaidOutTextBuilder();
  for (const page of pages as PageLayoutMessage[]) {
    if (!page || !Array.isArray(page.view) || !Array.isArray(page.items) || typeof page.styles !== 'object')
      return null;
    builder.addPage({ items: page.items, styles: page.styles ?? {} }, page.view);
  }
  return builder.build();
}

/** What pdf-text.worker.cjs answers. */
interface WorkerMessage {
  pages?: string[];
  pagesInFile?: number;
  capped?: TextCap | null;
  layout?: PageLayoutMessage[] | null;
  preview?: { width: number; height: number; webp: string } | null;
  error?: { name: string; message: string };
}

export interface ExtractorLimits {
  /**
   * One file may take this much processor time (ms), and WALL_TIME_FACTOR times as long on the clock; then the
   * process is killed and the file failed.
   */
  timeoutMs: number;
  /** The process's resident memory bound (MB); over it the process is killed and the file failed. */
  memoryMb: number;
}

/** A process's resident memory (MB) and processor time (ms), or null where /proc cannot tell (not Linux, or gone). */
async function usageOf(pid: number): Promise<{ residentMb: number; cpuMs: number } | null> {
  try {
    const [status, stat] = await Promise.all([
      readFile(`/proc/${pid}/status`, 'utf8'),
      readFile(`/proc/${pid}/stat`, 'utf8'),
    ]);
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    // After the command name (in parentheses, which may hold spaces): state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (!kb || !Number.isFinite(ticks)) return null;
    return { residentMb: Number(kb) / 1024, cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

interface Pending {
  resolve: (document: ExtractedDocument) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Reads the text of PDFs page by page in a child process at the lowest CPU priority (nice 19): extraction uses
 * the cores the API leaves idle, so a reindex does not slow the answers. One file at a time; the process starts on
 * the first file, is started again after a crash or a timeout, and exits when idle. Its time and memory are
 * bounded: a file that takes more than `timeoutMs` of processor time (or WALL_TIME_FACTOR times that on the clock),
 * or makes the process hold more than `memoryMb` (both looked at every 200 ms; V8's heap is also capped below it),
 * gets the process killed and fails for good: reading it again would only do the same.
 */
export class PdfTextExtractor {
  private child: ChildProcess | undefined;
  private pending: Pending | undefined;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private usageTimer: NodeJS.Timeout | undefined;
  private readonly limits: ExtractorLimits;

  constructor(limits: Partial<ExtractorLimits> = {}) {
    this.limits = {
      timeoutMs: limits.timeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
      memoryMb: limits.memoryMb ?? DEFAULT_READ_MEMORY_MB,
    };
  }

  /** The longest one file may take on the clock (ms). */
  get longestReadMs(): number {
    return this.limits.timeoutMs * WALL_TIME_FACTOR;
  }

  /** The text of each page of the PDF at `path` (absolute), and page 1's picture. */
  extract(path: string): Promise<ExtractedDocument> {
    if (this.pending) return Promise.reject(new Error('PdfTextExtractor reads one file at a time'));
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const child = this.process();
    const id = this.nextId++;
    return new Promise<ExtractedDocument>((resolve, reject) => {
      const wallMs = this.longestReadMs;
      const timer = setTimeout(() => this.stopReading(`Reading the file took longer than ${wallMs / 1000} s`), wallMs);
      this.pending = { resolve, reject, timer };
      this.watchUsage(child);
      child.send({ id, path, bounds: { ...TEXT_BOUNDS, layout: true } });
    }).finally(() => {
      if (this.usageTimer) clearInterval(this.usageTimer);
      this.usageTimer = undefined;
      this.idleTimer = setTimeout(() => this.kill(), IDLE_EXIT_MS);
      this.idleTimer.unref();
    });
  }

  /** Stops the process (and fails a file being read). */
  close(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.kill();
    this.settle(undefined, new ExtractionError('The extractor was stopped', false));
  }

  /** Kills the process and fails the file being read, for good (`why`: which bound it crossed). */
  private stopReading(why: string): void {
    this.kill();
    this.settle(undefined, new ExtractionError(`${why}: the reader was stopped`, true));
  }

  /**
   * Looks at the process's resident memory (a heap limit does not bound picture buffers) and the processor time it
   * has spent on this file while the file is read.
   */
  private watchUsage(child: ChildProcess): void {
    if (this.usageTimer) clearInterval(this.usageTimer);
    let looking = false;
    let startCpuMs: number | undefined;
    const look = async (pid: number) => {
      const usage = await usageOf(pid);
      if (!usage || this.child !== child || !this.pending) return;
      startCpuMs ??= usage.cpuMs;
      if (usage.residentMb > this.limits.memoryMb)
        this.stopReading(`Reading the file needed more than ${this.limits.memoryMb} MB of memory`);
      else if (usage.cpuMs - startCpuMs > this.limits.timeoutMs)
        this.stopReading(`Reading the file took more than ${this.limits.timeoutMs / 1000} s of processor time`);
    };
    if (child.pid) void look(child.pid);
    this.usageTimer = setInterval(() => {
      if (looking || !child.pid) return;
      looking = true;
      void look(child.pid).finally(() => {
        looking = false;
      });
    }, USAGE_CHECK_MS);
    this.usageTimer.unref();
  }

  private process(): ChildProcess {
    if (this.child && this.child.connected) return this.child;
    const child = fork(workerPath(), [], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // V8's heap below the process's bound (the rest is for buffers outside it): over it V8 aborts the process.
      execArgv: [`--max-old-space-size=${Math.max(64, Math.floor(this.limits.memoryMb * 0.6))}`],
    });
    try {
      if (child.pid) setPriority(child.pid, 19);
    } catch {
      // Not permitted here: it still works, at normal priority.
    }
    child.on('message', (message: WorkerMessage) => {
      if (message.pages)
        this.settle({
          pages: message.pages,
          pagesInFile: message.pagesInFile ?? message.pages.length,
          capped: message.capped ?? null,
          layout: laidOut(message.layout),
          preview: message.preview
            ? {
                width: message.preview.width,
                height: message.preview.height,
                image: Buffer.from(message.preview.webp, 'base64'),
              }
            : null,
        });
      else
        this.settle(
          undefined,
          new ExtractionError(
            message.error?.message ?? 'Unknown error',
            PERMANENT_ERRORS.has(message.error?.name ?? ''),
          ),
        );
    });
    child.on('exit', (code, signal) => {
      if (this.child !== child) return; // killed on purpose: the file was settled then
      this.child = undefined;
      // V8 aborts a process whose heap is full (SIGABRT, or exit code 134 through a shell): the file is the cause.
      if (signal === 'SIGABRT' || code === 134)
        this.settle(
          undefined,
          new ExtractionError(`Reading the file needed more than ${this.limits.memoryMb} MB of memory`, true),
        );
      else this.settle(undefined, new ExtractionError(`The extractor stopped (${signal ?? `code ${code}`})`, false));
    });
    this.child = child;
    return child;
  }

  private settle(document?: ExtractedDocument, error?: Error): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    if (document) pending.resolve(document);
    else pending.reject(error ?? new Error('Unknown error'));
  }

  private kill(): void {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

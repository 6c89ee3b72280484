import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

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
/** One file may take this long; a file that takes longer is given up (the process is killed). */
const DEFAULT_TIMEOUT_MS = 60_000;
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

/** What was read from one PDF: the text of each page, and page 1's picture when it could be drawn. */
export interface ExtractedDocument {
  pages: string[];
  preview: PagePreview | null;
}

/** What pdf-text.worker.cjs answers. */
interface WorkerMessage {
  pages?: string[];
  preview?: { width: number; height: number; webp: string } | null;
  error?: { name: string; message: string };
}

interface Pending {
  resolve: (document: ExtractedDocument) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Reads the text of PDFs page by page in a child process at the lowest CPU priority (nice 19): extraction uses
 * the cores the API leaves idle, so a reindex does not slow the answers. One file at a time; the process starts on
 * the first file, is started again after a crash or a timeout, and exits when idle.
 */
export class PdfTextExtractor {
  private child: ChildProcess | undefined;
  private pending: Pending | undefined;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly timeoutMs = DEFAULT_TIMEOUT_MS) {}

  /** The text of each page of the PDF at `path` (absolute), and page 1's picture. */
  extract(path: string): Promise<ExtractedDocument> {
    if (this.pending) return Promise.reject(new Error('PdfTextExtractor reads one file at a time'));
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const child = this.process();
    const id = this.nextId++;
    return new Promise<ExtractedDocument>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        this.settle(
          undefined,
          new ExtractionError(`Reading the file took longer than ${this.timeoutMs / 1000} s`, true),
        );
      }, this.timeoutMs);
      this.pending = { resolve, reject, timer };
      child.send({ id, path });
    }).finally(() => {
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

  private process(): ChildProcess {
    if (this.child && this.child.connected) return this.child;
    const child = fork(workerPath(), [], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // Its own heap limit: a hostile PDF cannot take the machine's memory.
      execArgv: ['--max-old-space-size=384'],
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
      if (this.child === child) this.child = undefined;
      this.settle(undefined, new ExtractionError(`The extractor stopped (${signal ?? `code ${code}`})`, false));
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

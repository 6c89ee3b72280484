import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import bufferCrc32 from 'buffer-crc32';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';
import { MIN_PAPER_YEAR, maxPaperYear, type Session } from '../common/domain-values';
import { ReadCache } from '../read-cache/read-cache';
import { FileStorage } from '../storage/file-storage.service';
import { friendlyName } from './friendly-filename';
import { SESSION_SLUGS, sessionDocuments, slugOfSession, type SessionDocument } from './session-documents';
import { COUNT_SESSION_ZIP_SQL, countParameters } from './session-zip.queries';

const CAMBRIDGE_LETTER: Record<Session, string> = { 'Feb/March': 'm', 'May/June': 's', 'Oct/Nov': 'w' };
const CAMBRIDGE_TYPE = { 'question-paper': 'qp', 'mark-scheme': 'ms', 'examiner-report': 'er' } as const;
/**
 * yazl checksums every byte it writes with buffer-crc32, a table in JavaScript (about 230 MB/s on these machines):
 * that alone held the zip to a sixth of a plain file download (bench/import.mjs). Node has the same CRC-32 in native
 * code (zlib.crc32, 2 GB/s); yazl keeps calling buffer-crc32's `unsigned(buffer, previous)`, which now uses it. The
 * result is identical (the session zip test checks every entry's CRC-32).
 */
bufferCrc32.unsigned = (input: string | Buffer, previous?: number | Buffer) =>
  crc32(
    typeof input === 'string' ? Buffer.from(input) : input,
    Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : (previous ?? 0),
  ) >>> 0;
/** Bigger reads than the 64 KB default: fewer chunks through yazl's streams (constant: one file is open at a time). */
const READ_CHUNK = 256 * 1024;

/** Every entry carries this time: the same session gives the same bytes (and the zip's size is known up front). */
const ENTRY_TIME = new Date(Date.UTC(2000, 0, 1));

export interface SessionZipEntry {
  document: SessionDocument;
  size: number;
  name: string;
}

export interface SessionZip {
  entries: SessionZipEntry[];
  filename: string;
}

/**
 * A subject's whole sitting as one zip, streamed as it is built: no temporary file, a constant amount of
 * memory whatever the session's size (yazl reads one file at a time through a stream). PDFs and Word files are
 * already compressed, so entries are STORED: the zip's exact size is known before the first byte (Content-Length),
 * and building it costs little more than sending the files. Each file inside counts one download.
 */
@Injectable()
export class SessionZipService {
  private readonly logger = new Logger('SessionZip');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: FileStorage,
    private readonly readCache: ReadCache,
  ) {}

  /** The files of `/download/sessions/{code}/{year}/{session}.zip`; 404 when the sitting has none. */
  async entries(subjectCode: string, yearText: string, sessionSlug: string): Promise<SessionZip> {
    const session = SESSION_SLUGS[sessionSlug.toLowerCase()];
    if (!session) throw new BadRequestException('Session must be feb-march, may-june or oct-nov');
    const year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
    if (!(year >= MIN_PAPER_YEAR && year <= maxPaperYear())) {
      throw new BadRequestException(`Year must be between ${MIN_PAPER_YEAR} and ${maxPaperYear()}.`);
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/.test(subjectCode)) throw new NotFoundException('Subject not found');
    const [subject]: Array<{ id: number; code: string }> = await this.db.query(
      'SELECT id, code FROM subjects WHERE lower(code) = lower($1)',
      [subjectCode],
    );
    if (!subject) throw new NotFoundException('Subject not found');
    const documents = (await sessionDocuments(this.db, subject.id, { year, session })).filter((d) =>
      FileStorage.isStoredPath(d.path),
    );
    const names = new Set<string>();
    const entries: SessionZipEntry[] = [];
    for (const document of documents) {
      const info = await this.storage.stat(document.path);
      if (!info) {
        this.logger.warn({ path: document.path }, 'A stored file of a session is missing');
        continue;
      }
      entries.push({ document, size: info.size, name: uniqueName(entryName(subject.code, document), names) });
    }
    if (entries.length === 0) throw new NotFoundException('Nothing has been published for this session yet');
    return { entries, filename: `${friendlyName([subject.code, year, slugOfSession(session)], 'x.zip')}` };
  }

  /** Streams the zip; a GET counts one download of every file inside (HEAD counts nothing). */
  async send(req: Request, res: Response, { entries, filename }: SessionZip): Promise<void> {
    if (req.method === 'GET') await this.count(entries, req.ip);

    const zip = new ZipFile();
    for (const entry of entries) {
      // Opened when its turn comes: one open file at a time, whatever the session's size.
      zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime: ENTRY_TIME }, (cb) =>
        cb(null, this.storage.createReadStream(entry.document.path, { highWaterMark: READ_CHUNK })),
      );
    }
    // With STORED entries of known sizes yazl knows the archive's exact size before it writes anything.
    const size = await new Promise<number>((resolve) =>
      zip.end(undefined, ((total: number) => resolve(total)) as unknown as () => void),
    );
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Content-Security-Policy', 'sandbox');
    if (res.getHeader('Cache-Control') !== 'no-store') res.setHeader('Cache-Control', 'private, no-cache');
    if (size >= 0) res.setHeader('Content-Length', size);
    res.status(200);
    if (req.method === 'HEAD') {
      res.end(); // the files are opened lazily: nothing was read
      return;
    }
    const output = zip.outputStream as Readable;
    await new Promise<void>((resolve) => {
      const stop = () => {
        output.unpipe(res);
        output.destroy();
        resolve();
      };
      res.once('close', stop);
      output.once('error', (error: Error) => {
        this.logger.warn({ err: error }, 'Session zip failed mid-stream');
        res.destroy(error);
        resolve();
      });
      output.once('end', resolve);
      output.pipe(res);
    });
  }

  /** Every file of the zip counts one download (one statement); cached public counts may lag (not for `client`). */
  private async count(entries: SessionZip['entries'], client: string | undefined): Promise<void> {
    await this.db.query(COUNT_SESSION_ZIP_SQL, countParameters(entries.map((entry) => entry.document)));
    this.readCache.countersChanged(client);
  }
}

/**
 * The name inside the zip: the Cambridge convention where it applies (`9702_s23_qp_12.pdf`, `9702_s23_er.pdf`: a
 * four-digit syllabus and a paper of one or two digits), else `subject-code-year-session-variant-type`.
 */
export function entryName(subjectCode: string, d: SessionDocument): string {
  const extension = extname(d.path).toLowerCase();
  const paper = d.label.trim().replace(/^paper\s*/i, '');
  if (/^\d{4}$/.test(subjectCode) && /^(\d{1,2})?$/.test(paper)) {
    const series = `${CAMBRIDGE_LETTER[d.session]}${String(d.year).slice(-2)}`;
    return `${subjectCode}_${series}_${CAMBRIDGE_TYPE[d.document]}${paper ? `_${paper}` : ''}${extension}`;
  }
  return friendlyName(
    [subjectCode, d.year, slugOfSession(d.session), paper ? `paper ${paper}` : 'all papers', d.document],
    d.path,
  );
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  const extension = extname(name);
  for (let n = 2; taken.has(candidate.toLowerCase()); n++)
    candidate = `${name.slice(0, -extension.length || undefined)}-${n}${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

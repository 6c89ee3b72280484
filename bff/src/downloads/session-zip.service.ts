import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { MIN_PAPER_YEAR, maxPaperYear, type Session } from '../common/domain-values';
import { ReadCache } from '../read-cache/read-cache';
import { FileStorage } from '../storage/file-storage.service';
import { friendlyName } from './friendly-filename';
import { SESSION_SLUGS, sessionDocuments, slugOfSession, type SessionDocument } from './session-documents';
import { StoredZip, ZipSinkClosedError } from './session-zip-archive';
import {
  COUNT_SESSION_ZIP_SQL,
  KNOWN_CHECKSUMS_SQL,
  RECORD_CHECKSUMS_SQL,
  countParameters,
} from './session-zip.queries';

const CAMBRIDGE_LETTER: Record<Session, string> = { 'Feb/March': 'm', 'May/June': 's', 'Oct/Nov': 'w' };
const CAMBRIDGE_TYPE = { 'question-paper': 'qp', 'mark-scheme': 'ms', 'examiner-report': 'er' } as const;

/** Every entry carries this time: the same session gives the same bytes (and the zip's size is known up front). */
const ENTRY_TIME = new Date(Date.UTC(2000, 0, 1));

export interface SessionZipEntry {
  document: SessionDocument;
  absolute: string;
  size: number;
  name: string;
  /** Known from an earlier zip of the same content (file_checksums), else computed while streaming. */
  crc32: number | null;
}

export interface SessionZip {
  entries: SessionZipEntry[];
  filename: string;
}

/**
 * A subject's whole sitting as one zip (issue 16), streamed as it is built: no temporary file, a constant amount of
 * memory whatever the session's size (session-zip-archive.ts: one file open at a time, two read buffers reused for
 * the whole zip). PDFs and Word files are already compressed, so entries are STORED: the zip's exact size is known
 * before the first byte (Content-Length), and building it costs little more than sending the files. Each file
 * inside counts one download.
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
    const found = await Promise.all(
      documents.map(async (document) => {
        const absolute = this.storage.tryResolve(document.path);
        const info = absolute ? await stat(absolute).catch(() => null) : null;
        if (absolute && info?.isFile()) return { document, absolute, size: info.size };
        this.logger.warn({ path: document.path }, 'A stored file of a session is missing');
        return null;
      }),
    );
    const hashes = [...new Set(documents.flatMap((d) => (d.sha256 ? [d.sha256] : [])))];
    const known = new Map<string, { size: number; crc32: number }>();
    if (hashes.length > 0) {
      const rows: Array<{ sha256: string; size: string; crc32: string }> = await this.db.query(KNOWN_CHECKSUMS_SQL, [
        hashes,
      ]);
      for (const row of rows) known.set(row.sha256, { size: Number(row.size), crc32: Number(row.crc32) });
    }
    const names = new Set<string>();
    const entries: SessionZipEntry[] = [];
    for (const file of found) {
      if (!file) continue;
      const checksum = file.document.sha256 ? known.get(file.document.sha256) : undefined;
      entries.push({
        ...file,
        name: uniqueName(entryName(subject.code, file.document), names),
        // A size that disagrees means the file is not the content its hash says: compute rather than trust.
        crc32: checksum && checksum.size === file.size ? checksum.crc32 : null,
      });
    }
    if (entries.length === 0) throw new NotFoundException('Nothing has been published for this session yet');
    return { entries, filename: `${friendlyName([subject.code, year, slugOfSession(session)], 'x.zip')}` };
  }

  /**
   * Streams the zip. A GET counts one download of every file inside, in one statement, before the first byte (the
   * rule of single downloads: counted when the delivery starts, so a client that stops halfway has still been
   * counted, once); HEAD counts nothing and reads no file.
   */
  async send(req: Request, res: Response, { entries, filename }: SessionZip): Promise<void> {
    const zip = new StoredZip(
      entries.map((e) => ({ name: e.name, path: e.absolute, size: e.size, crc32: e.crc32 })),
      { modified: ENTRY_TIME },
    );
    if (req.method === 'GET') await this.count(entries.map((e) => e.document));
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Content-Security-Policy', 'sandbox');
    if (res.getHeader('Cache-Control') !== 'no-store') res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Content-Length', zip.size);
    res.status(200);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    try {
      await zip.write(res);
      res.end();
    } catch (error) {
      if (!(error instanceof ZipSinkClosedError)) {
        // The headers are out: all that is left is to cut the response short, which the client sees as a failure.
        this.logger.warn({ err: error }, 'Session zip failed mid-stream');
        res.destroy(error as Error);
      }
    }
    await this.remember(entries, zip.crcs);
  }

  /** Keeps the CRC-32s this zip computed (of whole files with a known content hash) for the next zip. */
  private async remember(entries: SessionZipEntry[], crcs: Array<number | undefined>): Promise<void> {
    const learned = entries.flatMap((entry, i) => {
      const crc = crcs[i];
      return entry.crc32 === null && crc !== undefined && entry.document.sha256
        ? [{ sha256: entry.document.sha256, size: entry.size, crc }]
        : [];
    });
    if (learned.length === 0) return;
    await this.db
      .query(RECORD_CHECKSUMS_SQL, [
        learned.map((l) => l.sha256),
        learned.map((l) => l.size),
        learned.map((l) => l.crc),
      ])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not keep the CRC-32s of a session zip'));
  }

  /** Every file of the zip counts one download (one statement), then cached public reads showing counts are stale. */
  private async count(documents: SessionDocument[]): Promise<void> {
    await this.db.query(COUNT_SESSION_ZIP_SQL, countParameters(documents));
    this.readCache.countersChanged();
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

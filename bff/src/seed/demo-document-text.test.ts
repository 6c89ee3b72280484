import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoDocumentPages, type DemoDocumentAbout } from './demo-document-text';

const about = (kind: DemoDocumentAbout['kind'], subject = 'Physics'): DemoDocumentAbout => ({
  kind,
  subject,
  code: '0625',
  year: 2023,
  session: 'May/June',
  variant: 'Paper 1',
});

describe('demo documents', () => {
  it('pair each question with its marking and its report comment on the same page number', () => {
    const qp = demoDocumentPages(about('Question Paper'));
    const ms = demoDocumentPages(about('Mark Scheme'));
    const er = demoDocumentPages(about('Examiner Report'));
    expect(qp.length).toBeGreaterThanOrEqual(5);
    expect(ms.map((p) => p.heading).slice(1)).toEqual(qp.map((p) => p.heading).slice(1));
    expect(er.map((p) => p.heading).slice(1)).toEqual(qp.map((p) => p.heading).slice(1));
    expect(qp[1]!.lines.join(' ')).toContain('accelerates uniformly');
    expect(ms[1]!.lines.join(' ')).toContain('3.0 m/s^2');
    expect(qp[0]!.lines).toContain(`This document has ${qp.length} pages.`);
  });

  it('use a question bank that fits the subject', () => {
    expect(demoDocumentPages(about('Question Paper', 'Chemistry'))[1]!.heading).toBe('Question 1: Atomic structure');
    expect(demoDocumentPages(about('Question Paper', 'Mathematics D'))[1]!.heading).toBe('Question 1: Number');
  });

  it('use only characters the standard PDF fonts can draw (WinAnsi)', () => {
    const text = JSON.stringify(
      ['Question Paper', 'Mark Scheme', 'Examiner Report'].flatMap((kind) =>
        ['Physics', 'Chemistry', 'Biology', 'Computer Science', 'Economics', 'Mathematics'].map((subject) =>
          demoDocumentPages(about(kind as DemoDocumentAbout['kind'], subject)),
        ),
      ),
    );
    expect(text.match(/[^\u0020-\u00ff–—‘’“”•…€™]/gu) ?? []).toEqual([]);
  });

  it('are made at build time: only the build step imports the PDF generator', () => {
    const importers = readdirSync(__dirname, { recursive: true })
      .map(String)
      .filter(
        (file) =>
          file.endsWith('.ts') &&
          !file.endsWith('.test.ts') &&
          readFileSync(join(__dirname, file), 'utf8').includes("from 'pdfkit'"),
      );
    expect(importers).toEqual(['write-demo-documents.ts']);
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.dependencies.pdfkit).toBeUndefined();
    expect(pkg.devDependencies.pdfkit).toBeDefined();
  });
});

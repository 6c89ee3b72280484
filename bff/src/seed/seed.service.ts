import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { documentFiles, type DocumentFile } from '../documents/document-files';
import { ExaminerReport } from '../examiner-reports/examiner-report.entity';
import { Faq } from '../faqs/faq.entity';
import { MarkScheme } from '../mark-schemes/mark-scheme.entity';
import { PastPaper } from '../past-papers/past-paper.entity';
import { Variant } from '../past-papers/variant.entity';
import { SiteSettings } from '../settings/site-settings.entity';
import { FileStorage, type StorageFolder } from '../storage/file-storage.service';
import { Subject } from '../subjects/subject.entity';
import { issueSetupToken, pendingSetupUser, setupPath } from '../users/first-admin-setup';
import { hashPassword } from '../users/password';
import { User } from '../users/user.entity';
import { DEMO_CONTACT, DEMO_FAQS, DEMO_PAPERS, DEMO_SUBJECTS } from './demo-content';
import type { DemoDocumentAbout } from './demo-document-text';
import { readDemoDocument } from './demo-documents';
import { seedDemoGradeThresholds } from './demo-grade-thresholds';

const DEMO_SEED_KEY = 'demo_seed';
const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * First-start content: the first admin account, then (unless SEED_DEMO=false) the demo content.
 * Idempotent: a marker row in app_meta, inserted in the same transaction, means a restart never duplicates.
 */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly storage: FileStorage,
  ) {}

  async run(): Promise<void> {
    await this.ensureAdmin();
    if (this.config.seedDemo) await this.seedDemoContent();
  }

  /**
   * Creates the first admin when no admin exists yet. With ADMIN_PASSWORD it gets that password; without, it gets
   * a password nobody knows and a one-time setup link is printed instead (never a password in the logs). While
   * that setup is pending, every start prints a fresh link (the older one stops working).
   */
  async ensureAdmin(): Promise<void> {
    const users = this.db.getRepository(User);
    if ((await users.countBy({ role: 'admin' })) > 0) {
      const pending = await pendingSetupUser(this.db.manager);
      const user = pending === null ? null : await users.findOneBy({ id: pending });
      if (user) this.printSetupLink(user.email, await issueSetupToken(this.db.manager, user.id), false);
      return;
    }
    const email = this.config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    const existing = await users.createQueryBuilder('u').where('lower(u.email) = :email', { email }).getOne();
    if (existing) {
      await users.update(existing.id, { role: 'admin', status: 'active' });
      this.logger.log(`Promoted existing user ${email} to the first admin`);
      return;
    }
    const password = this.config.adminPassword ?? randomBytes(32).toString('base64url');
    const inserted = await users.insert({
      name: 'Administrator',
      email,
      passwordHash: await hashPassword(password),
      role: 'admin',
      status: 'active',
    });
    if (this.config.adminPassword === undefined) {
      const id = (inserted.identifiers[0] as { id: number }).id;
      this.printSetupLink(email, await issueSetupToken(this.db.manager, id), true);
    } else {
      this.logger.log(`Created the first admin account ${email}`);
    }
  }

  private printSetupLink(email: string, token: string, created: boolean): void {
    process.stdout.write(
      `\n  ${created ? 'First admin account created' : 'The first admin has not chosen a password yet'}: ${email}\n` +
        `  Choose its password on this site within 24 hours, at the one-time link\n` +
        `    ${setupPath(token)}\n` +
        `  (e.g. ${this.config.siteUrl ?? 'http://localhost:3000'}${setupPath(token)}; each start prints a new link until then;\n` +
        `  or set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n\n`,
    );
  }

  async seedDemoContent(): Promise<void> {
    const written: string[] = [];
    try {
      const seeded = await this.db.transaction(async (tx) => {
        // Claim the seed inside the transaction: a concurrent or later start finds the row and does nothing.
        const claimed: unknown[] = await tx.query(
          'INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key',
          [DEMO_SEED_KEY, new Date().toISOString()],
        );
        if (claimed.length === 0) return false;
        await this.insertDemo(tx, written);
        return true;
      });
      if (seeded)
        this.logger.log(`Seeded demo content (${DEMO_SUBJECTS.length} subjects, ${DEMO_PAPERS.length} past papers)`);
    } catch (error) {
      await this.storage.remove(...written);
      throw error;
    }
  }

  private async insertDemo(tx: EntityManager, written: string[]): Promise<void> {
    const save = async (folder: StorageFolder, content: DemoDocumentAbout) => {
      const bytes = await readDemoDocument(content);
      const path = await this.storage.save(folder, bytes, 'pdf');
      written.push(path);
      const file: DocumentFile = {
        path,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        name: null,
      };
      return file;
    };

    await tx.update(SiteSettings, { id: 1 }, DEMO_CONTACT);

    const subjects = new Map<string, Subject>();
    for (const s of DEMO_SUBJECTS) {
      const subject = await tx.save(tx.create(Subject, s));
      subjects.set(s.code, subject);
    }

    let markSchemeRows = 0;
    let reportRows = 0;
    for (const [index, p] of DEMO_PAPERS.entries()) {
      const subject = subjects.get(p.subjectCode)!;
      const paper = await tx.save(tx.create(PastPaper, { subjectId: subject.id, year: p.year, session: p.session }));
      const about = { subject: subject.name, code: subject.code, year: p.year, session: p.session };
      for (let version = 1; version <= p.variants; version++) {
        const variant = `Paper ${version}`;
        const doc = await save('papers', { ...about, variant, kind: 'Question Paper' });
        const ms = p.withMarkSchemes ? await save('mark-schemes', { ...about, variant, kind: 'Mark Scheme' }) : null;
        const er =
          p.withExaminerReports && version === 1
            ? await save('examiner-reports', { ...about, variant, kind: 'Examiner Report' })
            : null;
        const inserted = await tx.insert(Variant, {
          pastPaperId: paper.id,
          name: variant,
          slug: `paper-${version}`,
          version,
        });
        const variantId = (inserted.identifiers[0] as { id: number }).id;
        for (const [type, file] of [
          ['document', doc],
          ['mark_scheme', ms],
          ['examiner_report', er],
        ] as const) {
          if (file) await documentFiles.putSlot(tx, { variantId, paperId: paper.id, type }, file);
        }
      }
      // Stand-alone mark schemes and examiner reports for the admin screens, linked to some papers.
      if (index % 4 === 0) {
        const file = await save('mark-schemes', { ...about, variant: 'Paper 1', kind: 'Mark Scheme' });
        await tx.insert(MarkScheme, {
          ...about,
          paperNumber: '1',
          pastPaperId: paper.id,
          documentId: await documentFiles.add(tx, 'mark-scheme', paper.id, file),
        });
        markSchemeRows++;
      }
      if (index % 5 === 0) {
        const file = await save('examiner-reports', { ...about, variant: 'Paper 1', kind: 'Examiner Report' });
        await tx.insert(ExaminerReport, {
          pastPaperId: paper.id,
          paperNumber: '1',
          summary: `Principal examiner's report for ${subject.name} (${subject.code}), ${p.session} ${p.year}.`,
          documentId: await documentFiles.add(tx, 'examiner-report', paper.id, file),
        });
        reportRows++;
      }
    }

    for (const [i, faq] of DEMO_FAQS.entries()) {
      await tx.insert(Faq, { ...faq, sortOrder: i, isPublished: true });
    }
    await seedDemoGradeThresholds(tx);
    this.logger.debug(`Demo: ${markSchemeRows} mark schemes, ${reportRows} examiner reports`);
  }
}

import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CoverageService } from '../coverage-grid/coverage.service';
import { SubjectsService } from '../subjects/subjects.service';
import type { SubjectPageView } from './subject-page.view';

/**
 * The subject page's read (a backend-for-frontend answer): the page used to ask for every subject to find the code,
 * then the subject with its papers, then its coverage, one after another; here the same services answer it at once.
 */
@Injectable()
export class SubjectPageService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly subjects: SubjectsService,
    private readonly coverage: CoverageService,
  ) {}

  async ofCode(code: string): Promise<SubjectPageView> {
    const rows: Array<{ id: number }> = await this.db.query(
      'SELECT id FROM subjects WHERE lower(code) = lower($1) ORDER BY id LIMIT 1',
      [code],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new NotFoundException(`Subject with code ${code} not found.`);
    const [subject, coverage] = await Promise.all([this.subjects.findById(id), this.coverage.ofSubject(id)]);
    return { subject, coverage };
  }
}

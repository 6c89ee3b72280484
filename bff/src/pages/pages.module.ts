import { Module } from '@nestjs/common';
import { CoverageModule } from '../coverage-grid/coverage.module';
import { SubjectsModule } from '../subjects/subjects.module';
import { SubjectPageController } from './subject-page.controller';
import { SubjectPageService } from './subject-page.service';

/** Backend-for-frontend reads: one answer per public page, composed from the features' own services. */
@Module({
  imports: [SubjectsModule, CoverageModule],
  controllers: [SubjectPageController],
  providers: [SubjectPageService],
})
export class PagesModule {}

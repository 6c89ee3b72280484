import { ApiProperty } from '@nestjs/swagger';
import { CoverageView } from '../coverage-grid/coverage.view';
import { SubjectWithPapersView } from '../subjects/subject.view';

/** Everything the public subject page shows, in one answer: the subject with its papers, and its coverage grid. */
export class SubjectPageView {
  @ApiProperty({ type: () => SubjectWithPapersView })
  subject!: SubjectWithPapersView;

  @ApiProperty({ type: () => CoverageView })
  coverage!: CoverageView;
}

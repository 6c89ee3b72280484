import { QueryId } from '../../common/query-fields';

export class PaperIdParam {
  @QueryId({ required: true })
  paperId!: number;
}

export class SubjectIdParam {
  @QueryId({ required: true })
  subjectId!: number;
}

export class ThresholdIdParam {
  @QueryId({ required: true })
  id!: number;
}

export class VariantQuery {
  @QueryId({ required: true, description: "The variant whose component's thresholds are asked (one of the paper's)" })
  variant!: number;
}

export class ThresholdListQuery {
  @QueryId({ description: "Only this subject's thresholds" })
  subject_id?: number;
}

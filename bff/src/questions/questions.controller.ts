import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { QueryId } from '../common/query-fields';
import { ApiData } from '../openapi/responses';
import { PaperQuestionsView } from './questions.view';
import { QuestionsService } from './questions.service';

class PaperIdParam {
  @QueryId({ required: true })
  paperId!: number;
}

class VariantQuery {
  @QueryId({ required: true, description: "The variant whose question paper is split (one of the paper's)" })
  variant!: number;
}

/** A paper variant's questions, each with where it starts in the question paper, mark scheme and examiner report. */
@ApiTags('questions')
@Public()
@Controller()
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @ApiOperation({
    summary:
      "A variant's questions: number, marks, and where each starts in its question paper, mark scheme and examiner " +
      'report. The public sees ready papers only (otherwise status none, no questions); admins see every status and why. ' +
      '404 when the paper or the variant is unknown, or the variant is not of that paper.',
  })
  @ApiData(PaperQuestionsView)
  @Get('papers/:paperId/questions')
  async ofVariant(@Param() { paperId }: PaperIdParam, @Query() { variant }: VariantQuery, @Auth() user?: AuthUser) {
    return { data: await this.questions.ofVariant(paperId, variant, user?.role === 'admin') };
  }
}

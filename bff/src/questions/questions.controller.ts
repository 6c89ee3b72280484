import { EditVersion, type ExpectedVersion } from '../common/edit-version';
import { Body, Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { EditVersionField } from '../common/edit-version';
import { QueryId } from '../common/query-fields';
import { ApiData } from '../openapi/responses';
import { EditQuestionsDto } from './dto/question-edit.dto';
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

/** DELETE …/questions/edits: the version the editor was loaded with. */
class DropEditsDto {
  @EditVersionField()
  updated_at?: string;
}

/** A paper variant's questions, each with where it starts in the question paper, mark scheme and examiner report. */
@ApiTags('questions')
@Controller()
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @ApiOperation({
    summary:
      "A variant's questions: number, marks, and where each starts in its question paper, mark scheme and examiner " +
      'report. The public sees ready papers only (otherwise status none, no questions); admins see every status and why. ' +
      '404 when the paper or the variant is unknown, or the variant is not of that paper.',
  })
  @Public()
  @ApiData(PaperQuestionsView)
  @Get('papers/:paperId/questions')
  async ofVariant(@Param() { paperId }: PaperIdParam, @Query() { variant }: VariantQuery, @Auth() user?: AuthUser) {
    return { data: await this.questions.ofVariant(paperId, variant, user?.role === 'admin') };
  }

  @ApiOperation({
    summary:
      "Admins: save the variant's questions as they should be shown (source becomes edited; they stand when the " +
      'file is read again or replaced, until dropped). The same checks as detection decide ready or flagged, unless ' +
      'confirmed is true. A stale updated_at answers 409.',
  })
  @ApiData(PaperQuestionsView)
  @Put('papers/:paperId/questions')
  async edit(
    @Auth() user: AuthUser,
    @Param() { paperId }: PaperIdParam,
    @Query() { variant }: VariantQuery,
    @Body() dto: EditQuestionsDto,
    @EditVersion() expected: ExpectedVersion,
  ) {
    return { data: await this.questions.edit(user, paperId, variant, dto, expected) };
  }

  @ApiOperation({
    summary:
      "Admins: drop the edits of the variant's questions, so that detection of the file as last read applies " +
      'again (e.g. after replacing the question paper with another file). Nothing to drop is not an error.',
  })
  @ApiData(PaperQuestionsView)
  @Delete('papers/:paperId/questions/edits')
  async dropEdits(
    @Auth() user: AuthUser,
    @Param() { paperId }: PaperIdParam,
    @Query() { variant }: VariantQuery,
    @Body() _version: DropEditsDto,
    @EditVersion() expected: ExpectedVersion,
  ) {
    return { data: await this.questions.dropEdits(user, paperId, variant, expected) };
  }
}

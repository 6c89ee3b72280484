import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiBody200, ApiData, ApiDataList, ApiSuccess } from '../openapi/responses';
import { GradeThresholdDto } from './dto/grade-threshold.dto';
import { EditVersion, type ExpectedVersion } from '../common/edit-version';
import { DeleteVersionQuery } from './dto/delete-version.query';
import {
  PaperIdParam,
  SubjectIdParam,
  ThresholdIdParam,
  ThresholdListQuery,
  VariantQuery,
} from './dto/grade-thresholds.query';
import { GradeThresholdView, PaperThresholdsAnswer } from './grade-threshold.view';
import { GradeThresholdsService } from './grade-thresholds.service';

/**
 * Grade thresholds: public reads (a paper variant's component, a subject's series, the list) and admin writes.
 * Reads answer the same JSON to everyone, so the public ones are kept by the read cache until an admin write.
 */
@ApiTags('grade thresholds')
@Controller()
export class GradeThresholdsController {
  constructor(private readonly thresholds: GradeThresholdsService) {}

  @ApiOperation({
    summary:
      "The thresholds of a variant's component in its paper's series (subject, year and session): the component is " +
      "the variant's name or version. data is null when none were entered; 404 for an unknown paper or variant, or a " +
      'variant of another paper.',
  })
  @Public()
  @ApiBody200(PaperThresholdsAnswer)
  @Get('papers/:paperId/grade-thresholds')
  async ofVariant(@Param() { paperId }: PaperIdParam, @Query() { variant }: VariantQuery) {
    return { data: await this.thresholds.ofVariant(paperId, variant) };
  }

  @ApiOperation({ summary: "Every series' thresholds of a subject, newest series first; 404 for an unknown subject" })
  @Public()
  @ApiDataList(GradeThresholdView)
  @Get('subjects/:subjectId/grade-thresholds')
  async ofSubject(@Param() { subjectId }: SubjectIdParam) {
    return { data: await this.thresholds.ofSubject(subjectId) };
  }

  @ApiOperation({ summary: "Every subject's thresholds (?subject_id= for one subject)" })
  @Public()
  @ApiDataList(GradeThresholdView)
  @Get('grade-thresholds')
  async list(@Query() { subject_id }: ThresholdListQuery) {
    return { data: await this.thresholds.list(subject_id ?? null) };
  }

  @ApiOperation({ summary: 'One row of thresholds' })
  @Public()
  @ApiData(GradeThresholdView)
  @Get('grade-thresholds/:id')
  async one(@Param() { id }: ThresholdIdParam) {
    return { data: await this.thresholds.findById(id) };
  }

  @ApiOperation({
    summary: 'Add the thresholds of a component in a series; 409 when that subject, series and component has them',
  })
  @ApiData(GradeThresholdView, { status: 201 })
  @Post('grade-thresholds')
  async create(@Auth() user: AuthUser, @Body() dto: GradeThresholdDto) {
    return { data: await this.thresholds.create(user, dto) };
  }

  @ApiOperation({ summary: 'Replace a row of thresholds; a stale updated_at answers 409' })
  @ApiData(GradeThresholdView)
  @Put('grade-thresholds/:id')
  async update(
    @Auth() user: AuthUser,
    @Param() { id }: ThresholdIdParam,
    @Body() dto: GradeThresholdDto,
    @EditVersion() expected: ExpectedVersion,
  ) {
    return { data: await this.thresholds.update(user, id, dto, expected) };
  }

  @ApiOperation({ summary: 'Delete a row of thresholds (?updated_at= the version seen: stale answers 409)' })
  @ApiSuccess()
  @Delete('grade-thresholds/:id')
  async remove(
    @Auth() user: AuthUser,
    @Param() { id }: ThresholdIdParam,
    // Validated here for the document; the version itself is read by @EditVersion.
    @Query() _version: DeleteVersionQuery,
    @EditVersion() expected: ExpectedVersion,
  ) {
    await this.thresholds.remove(user, id, expected);
    return { success: true };
  }
}

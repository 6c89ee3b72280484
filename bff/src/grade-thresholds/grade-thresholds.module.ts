import { Module } from '@nestjs/common';
import { GradeThresholdsController } from './grade-thresholds.controller';
import { GradeThresholdsService } from './grade-thresholds.service';

/** Grade thresholds per subject, series and component, for the students' grade estimate. */
@Module({ controllers: [GradeThresholdsController], providers: [GradeThresholdsService] })
export class GradeThresholdsModule {}

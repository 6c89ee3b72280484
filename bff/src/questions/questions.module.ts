import { Module } from '@nestjs/common';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/** Questions detected in each document after it is read, and served per paper variant. */
@Module({ controllers: [QuestionsController], providers: [QuestionsService], exports: [QuestionsService] })
export class QuestionsModule {}

import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { DocumentTextWorker } from './document-text.worker';

/** The documents' text, read in the background for search (issue 15) and question detection (issue 26). */
@Module({ imports: [QuestionsModule], providers: [DocumentTextWorker] })
export class DocumentTextModule {}

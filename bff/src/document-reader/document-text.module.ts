import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { DocumentTextWorker } from './document-text.worker';

/** The documents' text, read in the background for search and question detection. */
@Module({ imports: [QuestionsModule], providers: [DocumentTextWorker] })
export class DocumentTextModule {}

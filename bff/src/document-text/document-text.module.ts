import { Module } from '@nestjs/common';
import { DocumentTextWorker } from './document-text.worker';

/** The documents' text, read in the background for search (issue 15). */
@Module({ providers: [DocumentTextWorker] })
export class DocumentTextModule {}

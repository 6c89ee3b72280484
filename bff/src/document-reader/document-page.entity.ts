import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { DocumentText } from './document-text.entity';

/** The text of one page of a document, and its tsvector for full-text search. */
@Entity({ name: 'document_pages' })
@Index('document_pages_tsv_idx', { synchronize: false }) // USING gin (tsv)
@Index('document_pages_tsv_16_idx', { synchronize: false }) // USING gin (tsv) WHERE document_text_id % 16 = 0 (search's candidate slices)
@Index('document_pages_tsv_256_idx', { synchronize: false }) // USING gin (tsv) WHERE document_text_id % 256 = 0
export class DocumentPage {
  @PrimaryColumn({ name: 'document_text_id', type: 'int', primaryKeyConstraintName: 'document_pages_pkey' })
  documentTextId!: number;

  @ManyToOne('DocumentText', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'document_text_id', foreignKeyConstraintName: 'document_pages_document_text_id_fkey' })
  document?: DocumentText;

  /** 1-based, as readers number pages. */
  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'document_pages_pkey' })
  page!: number;

  @Column({ type: 'text' })
  body!: string;

  /** to_tsvector('english', body), written with the page. */
  @Column({ type: 'tsvector', select: false })
  tsv!: string;
}

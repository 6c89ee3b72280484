import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { DocumentText } from './document-text.entity';

/**
 * Page 1 of a stored PDF as a WebP picture, drawn by the text extraction process: the site's viewer shows
 * it at once, while pdf.js is still on its way. Kept for the file it was drawn from (`generation`).
 */
@Entity({ name: 'document_previews' })
export class DocumentPreview {
  @PrimaryColumn({ name: 'document_text_id', type: 'int', primaryKeyConstraintName: 'document_previews_pkey' })
  documentTextId!: number;

  @OneToOne('DocumentText', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'document_text_id', foreignKeyConstraintName: 'document_previews_document_text_id_fkey' })
  document?: DocumentText;

  /** The document's generation when the picture was drawn: a picture of an older file is never shown. */
  @Column({ type: 'int' })
  generation!: number;

  @Column({ type: 'int', default: 1 })
  page!: number;

  @Column({ type: 'int' })
  width!: number;

  @Column({ type: 'int' })
  height!: number;

  @Column({ type: 'bytea', select: false })
  image!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

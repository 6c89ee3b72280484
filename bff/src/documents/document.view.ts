import { ApiProperty } from '@nestjs/swagger';
import { DOCUMENT_KINDS, type DocumentKind } from './document.entity';

/** One document of a paper, as GET /papers/{paperId}/documents lists it. */
export class DocumentView {
  @ApiProperty()
  id!: number;

  @ApiProperty({ enum: DOCUMENT_KINDS })
  kind!: DocumentKind;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The variant whose file it is; null when added on its own',
  })
  variant_id!: number | null;

  @ApiProperty({ description: "The uploaded file's own name (the stored name for files from before names were kept)" })
  name!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Bytes' })
  size!: number | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'SHA-256 of the stored file (hex)' })
  sha256!: string | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Pages, once the text reader has read it' })
  pages!: number | null;

  @ApiProperty()
  downloads!: number;

  @ApiProperty({ description: 'Times opened to read (View), apart from downloads' })
  views!: number;

  @ApiProperty({ example: '/backend/api/documents/12', description: 'GET: the file (counted)' })
  download_url!: string;

  @ApiProperty({ example: '/papers/3/view?variant=5&doc=mark-scheme', description: "The public site's viewer" })
  viewer_url!: string;
}

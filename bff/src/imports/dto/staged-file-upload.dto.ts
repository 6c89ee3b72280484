import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The multipart body of one staged upload (documentation: the interceptor parses it). */
export class StagedFileUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'A PDF, DOC or DOCX under the maxFileSize setting' })
  file!: unknown;

  @ApiPropertyOptional({
    description: 'SHA-256 of the file as the browser hashed it (hex): a damaged upload is refused',
  })
  sha256?: string;
}

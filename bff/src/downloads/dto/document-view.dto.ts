import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { VARIANT_DOCUMENT_TYPES, type VariantDocumentType } from '../../common/domain-values';

const MAX_ID = 2_147_483_647;

/**
 * POST /document_views.php: which document the site's viewer opened. Exactly one of `variant_id` (with
 * `document_type`), `mark_scheme_id` or `examiner_report_id` (the service checks that one is given).
 */
export class DocumentViewDto {
  @ApiPropertyOptional({ type: Number, minimum: 1, description: "A variant's document (with document_type)" })
  @IsOptional()
  @IsInt({ message: 'Invalid variant_id' })
  @Min(1, { message: 'Invalid variant_id' })
  @Max(MAX_ID, { message: 'Invalid variant_id' })
  variant_id?: number;

  @ApiPropertyOptional({ enum: VARIANT_DOCUMENT_TYPES, description: 'Default: document' })
  @IsOptional()
  @IsIn([...VARIANT_DOCUMENT_TYPES], { message: 'Invalid document_type' })
  document_type?: VariantDocumentType;

  @ApiPropertyOptional({ type: Number, minimum: 1, description: 'A mark scheme added in its own section' })
  @IsOptional()
  @IsInt({ message: 'Invalid mark_scheme_id' })
  @Min(1, { message: 'Invalid mark_scheme_id' })
  @Max(MAX_ID, { message: 'Invalid mark_scheme_id' })
  mark_scheme_id?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, description: 'An examiner report added in its own section' })
  @IsOptional()
  @IsInt({ message: 'Invalid examiner_report_id' })
  @Min(1, { message: 'Invalid examiner_report_id' })
  @Max(MAX_ID, { message: 'Invalid examiner_report_id' })
  examiner_report_id?: number;
}

/** The answer: whether this call counted a view (false: this client's view of it was already counted lately). */
export class DocumentViewResult {
  @ApiProperty()
  counted!: boolean;
}

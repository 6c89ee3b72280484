import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  type ValidationArguments,
} from 'class-validator';
import { parseBoolean, toWholeNumber } from './transforms';
import { validateInto } from './validation';

/**
 * Query parameters are validated by DTO classes like bodies are (the global DtoValidationPipe). Each decorator
 * below is one rule: how the text is read, what is allowed, the OpenAPI description, and the message of a bad
 * value: `Invalid <name>` (a 400). Express 5's simple parser turns `?a=1&a=2` into an array: that is invalid too.
 * An empty value (`?a=`) counts as absent.
 */
const invalid = { message: (args: ValidationArguments) => `Invalid ${args.property}` };

type Api = Omit<ApiPropertyOptions, 'required' | 'type' | 'enum'>;

const blankAsAbsent = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const presence = (required: boolean, api: ApiPropertyOptions): PropertyDecorator[] =>
  required ? [ApiProperty(api), IsDefined(invalid)] : [ApiPropertyOptional(api), IsOptional()];

/** A database id (1 … 999,999,999). */
export const QueryId = (options: { required?: boolean } & Api = {}): PropertyDecorator => {
  const { required = false, ...api } = options;
  return applyDecorators(
    ...presence(required, { type: 'integer', minimum: 1, ...api }),
    Transform(({ value }: { value: unknown }) => toWholeNumber(blankAsAbsent(value))),
    IsInt(invalid),
    Min(1, invalid),
    Max(999_999_999, invalid),
  );
};

/** A whole number within bounds (page, limit …). */
export const QueryInt = (min: number, max: number, api: Api = {}): PropertyDecorator =>
  applyDecorators(
    ...presence(false, { type: 'integer', minimum: min, maximum: max, ...api }),
    Transform(({ value }: { value: unknown }) => toWholeNumber(blankAsAbsent(value))),
    IsInt(invalid),
    Min(min, invalid),
    Max(max, invalid),
  );

/** Free text, trimmed. */
export const QueryText = (api: Api = {}): PropertyDecorator =>
  applyDecorators(
    ...presence(false, { type: String, maxLength: 200, ...api }),
    Transform(({ value }: { value: unknown }) => {
      const present = blankAsAbsent(value);
      return typeof present === 'string' ? present.trim() : present;
    }),
    IsString(invalid),
    MaxLength(200, invalid),
  );

/** One of a documented set of values. */
export const QueryOneOf = (values: readonly string[], api: Api = {}): PropertyDecorator =>
  applyDecorators(
    ...presence(false, { enum: [...values], ...api }),
    Transform(({ value }: { value: unknown }) => {
      const present = blankAsAbsent(value);
      return typeof present === 'string' ? present.trim() : present;
    }),
    IsIn([...values], invalid),
  );

/** A yes/no flag: `1`/`true` or `0`/`false` (see parseBoolean). */
export const QueryFlag = (api: Api = {}): PropertyDecorator =>
  applyDecorators(
    ...presence(false, { type: String, enum: ['1', '0', 'true', 'false'], ...api }),
    Transform(({ value }: { value: unknown }) => parseBoolean(blankAsAbsent(value))),
    IsBoolean(invalid),
  );

/** `?id=` that must be there (deletes, updates), and the `{id}` of a path (`@Param() { id }: IdQuery`). */
export class IdQuery {
  @QueryId({ required: true })
  id!: number;
}

/** An id from a form field: the same rule as `?id=`, so the same `Invalid id` 400. */
export function parseId(value: unknown): number {
  return validateInto(IdQuery, { id: value }).id;
}

/** `?id=` that may be there (one record instead of the list). */
export class OptionalIdQuery {
  @QueryId()
  id?: number;
}

/** `?path={id}`: the spec's name for the id on /inquiries.php and /faqs.php. */
export class PathQuery {
  @QueryId({ required: true })
  path!: number;
}

/**
 * `inline=1` asks for Content-Disposition: inline (a PDF opened in the browser's own reader, counted as a view);
 * `stream=1` serves the in-page viewer: inline, Range requests answered 206, never counted (the viewer
 * counts its one view per visit with POST /document_views.php).
 */
export class InlineQuery {
  @QueryFlag({ description: 'View in the browser (Content-Disposition: inline) instead of downloading' })
  inline?: boolean;

  @QueryFlag({
    description:
      "For the site's page-by-page viewer: inline, Range requests answered 206, and neither a download nor a view is counted (the viewer counts its view with POST /document_views.php)",
  })
  stream?: boolean;

  @QueryFlag({
    description:
      "The site's viewer: page 1 of the PDF as a picture (image/webp, drawn when the file was indexed; 404 until then), shown while pdf.js loads. Never counted",
  })
  preview?: boolean;

  @QueryText({
    description:
      "With stream=1 only: one byte range `start-end` (as in a Range header), for the viewer's first reads preloaded from the page's HTML (a link cannot send a Range header); a Range header wins. A Range header naming several ranges is answered 206 multipart/byteranges in stream mode (at most 64; X-Multipart-Ranges: 1 says so)",
    pattern: '^\\d{1,15}-\\d{1,15}$',
  })
  range?: string;
}

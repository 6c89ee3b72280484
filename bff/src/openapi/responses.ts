import { applyDecorators, HttpStatus, type Type } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  getSchemaPath,
  type ReferenceObject,
  type SchemaObject,
} from '@nestjs/swagger';

/**
 * How the BFF's answers are described in OpenAPI. Every JSON answer is one of a few envelopes: `{ data }`,
 * `{ success: true }`, or a shape of its own; every failure is an ErrorBody (added to every operation by
 * buildOpenApiDocument). The view classes carry @ApiProperty; these decorators wrap them.
 */

type Model = Type<unknown>;
type Schema = SchemaObject | ReferenceObject;

const ref = (model: Model): ReferenceObject => ({ $ref: getSchemaPath(model) });
const list = (model: Model): SchemaObject => ({ type: 'array', items: ref(model) });

/** Every failure: `{ error }` with the spec's message; validation failures add `errors` per field. */
export class ErrorBody {
  @ApiProperty({ example: 'Invalid id' })
  error!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "Each invalid field's message (validation failures)",
  })
  errors?: Record<string, string>;
}

/** `{ success: true }` (deletes, sign-out). */
export class SuccessBody {
  @ApiProperty({ enum: [true] })
  success!: true;
}

interface EnvelopeOptions {
  /** 201 for creates; 200 otherwise. */
  status?: HttpStatus.OK | HttpStatus.CREATED;
  description?: string;
}

function envelope(models: Model[], data: Schema, options: EnvelopeOptions): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(...models),
    ApiResponse({
      status: options.status ?? HttpStatus.OK,
      description: options.description ?? 'OK',
      schema: { type: 'object', required: ['data'], properties: { data } },
    }),
  );
}

/** `{ data: Model }`. */
export const ApiData = (model: Model, options: EnvelopeOptions = {}) => envelope([model], ref(model), options);

/** `{ data: Model[] }`. */
export const ApiDataList = (model: Model, options: EnvelopeOptions = {}) => envelope([model], list(model), options);

/** `{ data: Model }` with `?id=` (or `?path=`), `{ data: Model[] }` without. */
export const ApiDataOneOrList = (model: Model, options: EnvelopeOptions = {}) =>
  envelope([model], { oneOf: [ref(model), list(model)] }, options);

/** `{ data: … }` where data is one of several shapes (e.g. a list in one of two shapes, or one record). */
export const ApiDataOneOf = (shapes: Array<Model | [Model]>, options: EnvelopeOptions = {}) =>
  envelope(
    shapes.map((shape) => (Array.isArray(shape) ? shape[0] : shape)),
    { oneOf: shapes.map((shape) => (Array.isArray(shape) ? list(shape[0]) : ref(shape))) },
    options,
  );

/** A list answer of its own shape (e.g. `{ faqs, categories }`), or `{ data: Model }` for one record. */
export const ApiListOrOne = (listModel: Model, model: Model, description: string) =>
  applyDecorators(
    ApiExtraModels(listModel, model),
    ApiResponse({
      status: HttpStatus.OK,
      description,
      schema: { oneOf: [ref(listModel), { type: 'object', required: ['data'], properties: { data: ref(model) } }] },
    }),
  );

/** A body of its own shape (not wrapped in `data`). */
export const ApiBody200 = (model: Model, description = 'OK') =>
  applyDecorators(ApiExtraModels(model), ApiResponse({ status: HttpStatus.OK, description, schema: ref(model) }));

/** `{ success: true }`. */
export const ApiSuccess = (description = 'Done') => ApiBody200(SuccessBody, description);

/** A stored document: the file itself (PDF, DOC or DOCX), as an attachment or inline. */
export const ApiFile = () =>
  ApiResponse({
    status: HttpStatus.OK,
    description: 'The file (Range requests answered 206)',
    content: Object.fromEntries(
      [
        'application/pdf',
        'application/msword',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ].map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  });

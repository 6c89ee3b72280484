import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';

/** Field name → the message of its first failing rule. */
export type FieldErrors = Record<string, string>;

/**
 * A 400 whose `error` is the first failing rule's message (the spec's exact text) and whose `errors` names every
 * failing field. The exception filter passes both through.
 */
export class ValidationFailedException extends BadRequestException {
  constructor(readonly fieldErrors: FieldErrors) {
    super({ error: Object.values(fieldErrors)[0] ?? 'Invalid request', errors: fieldErrors });
  }

  static single(field: string, message: string): ValidationFailedException {
    return new ValidationFailedException({ [field]: message });
  }
}

/**
 * class-validator runs a property's decorators bottom-up and records failures in that order, so the rule written
 * first (topmost) is the last key. Properties come in declaration order.
 */
export function toFieldErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const name = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    const first = messages[messages.length - 1];
    if (first !== undefined) result[name] = first;
    if (error.children?.length) Object.assign(result, toFieldErrors(error.children, name));
  }
  return result;
}

/** Validates a plain object against a DTO class outside the pipe (e.g. a multipart body after dispatch). */
export function validateInto<T extends object>(cls: ClassConstructor<T>, value: unknown): T {
  const instance = plainToInstance(cls, isPlainObject(value) ? value : {});
  const errors = validateSync(instance, { whitelist: true, forbidUnknownValues: false });
  if (errors.length > 0) throw new ValidationFailedException(toFieldErrors(errors));
  return instance;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The global validation pipe: strips unknown fields, transforms, and answers the first failing rule's message.
 * A missing or non-object body (no body, a JSON array or scalar) is validated as an empty object, so the client
 * hears which fields are required instead of a generic error.
 */
export class DtoValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      transform: true,
      forbidUnknownValues: false,
      validateCustomDecorators: false,
      exceptionFactory: (errors) => new ValidationFailedException(toFieldErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (
      metadata.type === 'body' &&
      typeof metadata.metatype === 'function' &&
      metadata.metatype !== Object &&
      !isPlainObject(value)
    ) {
      return super.transform({}, metadata);
    }
    return super.transform(value, metadata);
  }
}

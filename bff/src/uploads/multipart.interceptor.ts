import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  mixin,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';
import { SettingsService } from '../settings/settings.service';
import { isUpdateRequest } from './write-intent';

export interface MultipartOptions {
  /** The 413 message when a file exceeds the maxFileSize setting (in MB). */
  tooLarge: (maxMb: number) => string;
  /** How many files one request may carry. */
  maxFiles: number;
  /** When set, a body that is not multipart is a 400 with this message. */
  requireMultipart?: (isUpdate: boolean) => string;
}

const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_FIELDS = 100;

/**
 * Parses a multipart body into memory (req.body fields, req.files) with the file size limit read from the site
 * settings at request time, so an admin's change applies at once. Other content types pass through untouched.
 * Multer and busboy failures become clean 4xx answers: 413 for a file or field that is too large, 400 for a
 * malformed body.
 */
export function MultipartInterceptor(options: MultipartOptions): Type<NestInterceptor> {
  @Injectable()
  class Interceptor implements NestInterceptor {
    constructor(private readonly settings: SettingsService) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      if (!req.is('multipart/form-data')) {
        if (options.requireMultipart) throw new BadRequestException(options.requireMultipart(isUpdateRequest(req)));
      } else {
        const maxMb = await this.settings.maxFileSizeMb();
        const upload = multer({
          storage: multer.memoryStorage(),
          limits: {
            fileSize: maxMb * 1024 * 1024,
            files: options.maxFiles,
            fields: MAX_FIELDS,
            fieldSize: MAX_FIELD_BYTES,
          },
        }).any();
        await new Promise<void>((resolve, reject) => {
          upload(req, http.getResponse<Response>(), (error: unknown) =>
            error ? reject(toHttpError(error, maxMb, options)) : resolve(),
          );
        });
      }
      return next.handle();
    }
  }
  return mixin(Interceptor);
}

function toHttpError(error: unknown, maxMb: number, options: MultipartOptions): HttpException {
  if (error instanceof MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new PayloadTooLargeException(options.tooLarge(maxMb));
      case 'LIMIT_FIELD_VALUE':
        return new PayloadTooLargeException('A form field is too large');
      case 'LIMIT_FILE_COUNT':
      case 'LIMIT_FIELD_COUNT':
      case 'LIMIT_PART_COUNT':
        return new PayloadTooLargeException('Too many parts in the upload');
      default:
        return new BadRequestException('Malformed multipart body');
    }
  }
  if (error instanceof HttpException) return error;
  const status = (error as { status?: unknown }).status;
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) return new PayloadTooLargeException('Request body is too large');
  return new BadRequestException('Malformed multipart body');
}

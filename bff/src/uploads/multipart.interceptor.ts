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
import { catchError, concatMap, type Observable } from 'rxjs';
import { AppConfig } from '../config/app-config';
import { SettingsService } from '../settings/settings.service';
import { FileStorage } from '../storage/file-storage.service';
import { discardScratch, DiskUploadStorage } from './disk-upload-storage';
import { isUpdateRequest } from './form-protocol';
import { ACCEPTS_MULTIPART } from '../request-guards/json-only.guard';
import { containsNul, NUL_REFUSED } from '../request-guards/json-structure';

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
/** The 413 message when the whole multipart request (every file together) passes MAX_UPLOAD_MB. */
export const requestTooLarge = (mb: number) => `The upload is too large (at most ${mb} MB in one request)`;

/**
 * Parses a multipart body: fields into req.body, each file streamed to a temporary file (never held in memory)
 * with its type sniffed from its first bytes (req.files, see DiskUploadStorage). The file size limit is read from
 * the site settings at request time, so an admin's change applies at once; the whole request is capped at
 * MAX_UPLOAD_MB (configuration; a declared Content-Length over it is refused before reading). Temporary files are removed
 * when the response ends, whatever happened: stored files were moved out of them by then. Other content types pass
 * through untouched. Multer and busboy failures become clean 4xx answers: 413 for a file, field or request that is
 * too large, 400 for a malformed body.
 */
export function MultipartInterceptor(options: MultipartOptions): Type<NestInterceptor> {
  @Injectable()
  class Interceptor implements NestInterceptor {
    static readonly [ACCEPTS_MULTIPART] = true;

    constructor(
      private readonly settings: SettingsService,
      private readonly storage: FileStorage,
      private readonly config: AppConfig,
    ) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      if (!req.is('multipart/form-data')) {
        if (options.requireMultipart) throw new BadRequestException(options.requireMultipart(isUpdateRequest(req)));
      } else {
        const maxRequestBytes = this.config.maxUploadMb * 1024 * 1024;
        const tooLarge = requestTooLarge(this.config.maxUploadMb);
        // Room for the fields and part headers on top of the files' bytes.
        if (Number(req.headers['content-length'] ?? 0) > maxRequestBytes + 1024 * 1024) {
          throw new PayloadTooLargeException(tooLarge);
        }
        const res = http.getResponse<Response>();
        res.once('close', () => void discardScratch(req));
        const maxMb = await this.settings.maxFileSizeMb();
        const upload = multer({
          storage: new DiskUploadStorage(this.storage.incomingDir, maxRequestBytes, tooLarge),
          limits: {
            fileSize: maxMb * 1024 * 1024,
            files: options.maxFiles,
            fields: MAX_FIELDS,
            fieldSize: MAX_FIELD_BYTES,
          },
        }).any();
        try {
          await new Promise<void>((resolve, reject) => {
            upload(req, res, (error: unknown) => (error ? reject(toHttpError(error, maxMb, options)) : resolve()));
          });
        } catch (error) {
          await discardScratch(req);
          throw error;
        }
        const files = Array.isArray(req.files) ? req.files : [];
        if (containsNul(req.body) || files.some((file) => file.originalname.includes('\0'))) {
          await discardScratch(req);
          throw new BadRequestException(NUL_REFUSED);
        }
        // Before the answer leaves: whatever the handler did not store is gone when the client hears back.
        return next.handle().pipe(
          concatMap(async (value: unknown) => {
            await discardScratch(req);
            return value;
          }),
          catchError(async (error: unknown) => {
            await discardScratch(req);
            throw error;
          }),
        );
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

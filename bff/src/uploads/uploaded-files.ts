import { BadRequestException } from '@nestjs/common';
import type { SniffedFile } from './disk-upload-storage';

/** A file of a multipart request: streamed to a temporary file, its type sniffed from its first bytes. */
export type UploadedFile = Express.Multer.File & SniffedFile;

/** Uploaded files by field name; a field outside `allowed` or sent twice is a 400. */
export function filesByField(
  files: UploadedFile[] | undefined,
  allowed: (field: string) => boolean,
): Map<string, UploadedFile> {
  const byField = new Map<string, UploadedFile>();
  for (const file of files ?? []) {
    const field = file.fieldname.slice(0, 60);
    if (!allowed(file.fieldname)) throw new BadRequestException(`Unexpected file field ${field}`);
    if (byField.has(file.fieldname)) throw new BadRequestException(`Only one file may be sent as ${field}`);
    byField.set(file.fieldname, file);
  }
  return byField;
}

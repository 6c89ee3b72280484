import type { AuthUser } from '../auth/auth-user';
import { ValidationFailedException } from '../common/validation';
import type { UploadedFile } from '../uploads/uploaded-files';
import type { DocumentSection, SectionRow } from './document-section';
import { DocumentSectionService } from './document-section.service';

interface Form {
  paperOk: boolean;
}

/** A section whose paper check fails when the form says so; nothing reaches storage or the database. */
function section(paperBeforeFile: boolean): DocumentSection<SectionRow, Form, never> {
  return {
    entity: class {} as new () => SectionRow,
    kind: 'mark-scheme',
    auditType: 'mark_scheme',
    folder: 'mark-schemes',
    fileField: 'file',
    messages: { notFound: 'Not found', fileRequired: 'File is required', invalidType: 'Wrong type' },
    paperBeforeFile,
    fields: async (_db, form) => {
      if (!form.paperOk) throw ValidationFailedException.single('past_paper_id', 'Invalid past paper selected');
      return {};
    },
    describe: async () => 'a record',
    read: async () => [],
  };
}

/** The database, storage and audit log: a form's checks never reach them. */
const unused = {} as never;
const service = (paperBeforeFile: boolean) =>
  new DocumentSectionService(section(paperBeforeFile), unused, unused, unused);
const actor = { id: 1 } as AuthUser;
const file = (name: string, detected: string) => ({ fieldname: 'file', originalname: name, detected }) as UploadedFile;

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationFailedException);
  return (error as ValidationFailedException).fieldErrors;
};

describe("DocumentSectionService: the order of a form's errors is the section's", () => {
  it('a section that checks its paper first names the paper, then the missing file', async () => {
    expect(await failure(service(true).create(actor, { paperOk: false }, undefined))).toEqual({
      past_paper_id: 'Invalid past paper selected',
    });
    expect(await failure(service(true).create(actor, { paperOk: true }, undefined))).toEqual({
      file: 'File is required',
    });
  });

  it('a section that checks its file first names the missing or wrong file before the paper', async () => {
    expect(await failure(service(false).create(actor, { paperOk: false }, undefined))).toEqual({
      file: 'File is required',
    });
    expect(await failure(service(false).create(actor, { paperOk: false }, [file('x.exe', 'pdf')]))).toEqual({
      file: 'Wrong type',
    });
    expect(await failure(service(false).update(actor, 1, { paperOk: false }, undefined, undefined))).toEqual({
      past_paper_id: 'Invalid past paper selected',
    });
  });
});

import { ValidationFailedException } from '../common/validation';
import { AT_LEAST_ONE_VARIANT, parseFileField, parseVariants, slugify } from './variant-input';

const errorOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationFailedException) return (e.getResponse() as { error: string }).error;
    throw e;
  }
  return undefined;
};

describe('variant input', () => {
  const always = { hasDocument: () => true };

  it('slugs names as the form does: lowercase, spaces to hyphens', () => {
    expect(slugify('Paper 2 Extended')).toBe('paper-2-extended');
    expect(slugify('  Paper   1 (Core) ')).toBe('paper-1-core');
  });

  it('parses names, versions and slugs, generating a slug when none is sent', () => {
    expect(
      parseVariants(
        JSON.stringify([
          { name: ' Paper 1 ', version: '1' },
          { name: 'Paper 2', slug: 'p-2', version: 2, id: 9 },
        ]),
        always,
      ),
    ).toEqual([
      { index: 0, id: undefined, name: 'Paper 1', slug: 'paper-1', version: 1 },
      { index: 1, id: undefined, name: 'Paper 2', slug: 'p-2', version: 2 },
    ]);
  });

  it('checks each variant in turn: name, version, document', () => {
    const noDocFor2 = { hasDocument: ({ index }: { index: number }) => index !== 1 };
    expect(
      errorOf(() =>
        parseVariants(
          JSON.stringify([{ name: 'A', version: 1 }, { name: 'B', version: 2 }, { version: 3 }]),
          noDocFor2,
        ),
      ),
    ).toBe('Variant 2 requires a past paper document');
    expect(errorOf(() => parseVariants(JSON.stringify([{ name: 'A' }, { version: 2 }]), always))).toBe(
      'Variant 1 version is required',
    );
    expect(errorOf(() => parseVariants(JSON.stringify([{ name: 'A', version: 'x' }]), always))).toBe(
      'Variant 1 version is required',
    );
    expect(errorOf(() => parseVariants('[]', always))).toBe(AT_LEAST_ONE_VARIANT);
    expect(errorOf(() => parseVariants(undefined, always))).toBe(AT_LEAST_ONE_VARIANT);
    expect(errorOf(() => parseVariants('"x"', always))).toBe('Variants must be a JSON list');
  });

  it('accepts only ids of the stored variants on update, each once', () => {
    const rules = { storedIds: new Set([5, 6]), hasDocument: () => true };
    expect(parseVariants(JSON.stringify([{ id: 6, name: 'A', version: 1 }]), rules)[0]!.id).toBe(6);
    expect(errorOf(() => parseVariants(JSON.stringify([{ id: 7, name: 'A', version: 1 }]), rules))).toBe(
      'Variant 1 is not a variant of this past paper',
    );
    expect(
      errorOf(() =>
        parseVariants(
          JSON.stringify([
            { id: 5, name: 'A', version: 1 },
            { id: 5, name: 'B', version: 2 },
          ]),
          rules,
        ),
      ),
    ).toBe('Variant 2 is not a variant of this past paper');
  });

  it('recognises only the documented file field names', () => {
    expect(parseFileField('variant_0_document_path')).toEqual({ index: 0, type: 'document' });
    expect(parseFileField('variant_12_examiner_report_path')).toEqual({ index: 12, type: 'examiner_report' });
    expect(parseFileField('variant_0_other_path')).toBeNull();
    expect(parseFileField('file')).toBeNull();
  });
});

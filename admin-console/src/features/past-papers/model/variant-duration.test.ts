import { durationField, newVariant, pastPaperSchema, type VariantFormValues } from './past-paper-form';

const variant = (duration: string, source: VariantFormValues['durationSource'] = null, variantId?: number) => ({
  ...newVariant(1),
  duration,
  durationSource: source,
  variantId,
});

describe("a variant's duration", () => {
  it('is sent only when the admin changed what the form loaded', () => {
    expect(durationField(variant('75', 'cover', 1), '75')).toEqual({}); // the cover's reading, untouched
    expect(durationField(variant('90', 'cover', 1), '75')).toEqual({ duration_minutes: 90 });
    expect(durationField(variant('', 'admin', 1), '90')).toEqual({ duration_minutes: null });
    expect(durationField(variant(''))).toEqual({});
    expect(durationField(variant(' 45 '))).toEqual({ duration_minutes: 45 });
  });

  it.each(['0', '601', '1.5', '-5', 'an hour'])("refuses %s with the server's message", (duration) => {
    const schema = pastPaperSchema(new Set([1]), 2030, 50);
    const values = {
      subject_id: '1',
      code: '',
      level: '',
      year: '2024',
      session: 'May/June',
      variants: [{ ...variant(duration), existingDocument: 'papers/a.pdf' }],
    };
    const result = schema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'Variant 1 duration must be a whole number of minutes from 1 to 600, or empty',
    );
  });
});

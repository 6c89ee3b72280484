import { initialThreshold, ONE_SCALE, ORDER_MESSAGE, thresholdInput, thresholdSchema } from './threshold-form';

const values = (boundaries: Array<[string, string]>, overrides: Record<string, string> = {}) => ({
  subject_id: '1',
  year: '2023',
  session: 'May/June',
  component: 'Paper  1',
  max_marks: '80',
  boundaries: boundaries.map(([grade, min_marks]) => ({ grade, min_marks })),
  ...overrides,
});
const messages = (input: ReturnType<typeof values>) => {
  const result = thresholdSchema(new Set([1]), 2030).safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the grade thresholds form', () => {
  it('accepts boundaries that strictly decrease within the maximum, and sends numbers', () => {
    const input = values([
      ['A*', '70'],
      ['A', '60'],
      ['U', '0'],
    ]);
    expect(messages(input)).toEqual({});
    expect(thresholdInput(input, '2026-01-01T00:00:00.000Z')).toEqual({
      subject_id: 1,
      year: 2023,
      session: 'May/June',
      component: 'Paper 1',
      max_marks: 80,
      boundaries: [
        { grade: 'A*', min_marks: 70 },
        { grade: 'A', min_marks: 60 },
        { grade: 'U', min_marks: 0 },
      ],
      updated_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it("says which boundary is wrong, in the server's words", () => {
    expect(
      messages(
        values([
          ['A', '60'],
          ['B', '60'],
        ]),
      ),
    ).toEqual({
      'boundaries.1.min_marks': 'The B boundary (60) must be lower than the A boundary (60)',
    });
    expect(messages(values([['A', '81']]))).toEqual({
      'boundaries.0.min_marks': 'The A boundary (81) must not be above the maximum mark (80)',
    });
    expect(messages(values([['A', '-1']]))['boundaries.0.min_marks']).toBe('Minimum marks must not be negative');
    expect(
      messages(
        values([
          ['B', '60'],
          ['A', '50'],
        ]),
      )['boundaries.1.grade'],
    ).toBe(ORDER_MESSAGE);
    expect(
      messages(
        values([
          ['A', '60'],
          ['7', '50'],
        ]),
      ).boundaries,
    ).toBe(ONE_SCALE);
    expect(messages(values([['A', '60']], { component: '</script>' })).component).toMatch(/^Component must be/);
    expect(messages(values([['A', '60']], { max_marks: '1001' })).max_marks).toMatch(/^Maximum mark must be/);
  });

  it('starts a new row with letter grades and the filtered subject', () => {
    const start = initialThreshold(null, '3', new Date('2026-06-01'));
    expect(start).toMatchObject({ subject_id: '3', year: '2025', session: '' });
    expect(start.boundaries.map((b) => b.grade)).toEqual(['A*', 'A', 'B', 'C', 'D', 'E']);
  });
});

import { api, ApiError, type Variant } from '@ppl/shared-ui';
import { durationOf, fetchGradeThresholds } from './grade-thresholds';

const thresholds = {
  year: 2023,
  session: 'May/June' as const,
  component: '12',
  max_marks: 80,
  boundaries: [
    { grade: 'A', min_marks: 58 },
    { grade: 'B', min_marks: 49 },
  ],
};
type Answer = Awaited<ReturnType<typeof api.gradeThresholds.ofVariant>>;
const answer = (value: unknown) => jest.spyOn(api.gradeThresholds, 'ofVariant').mockResolvedValue(value as Answer);
const failure = (status: number) =>
  jest.spyOn(api.gradeThresholds, 'ofVariant').mockRejectedValue(new ApiError('failed', status));

afterEach(() => jest.restoreAllMocks());

describe('grade thresholds of a variant', () => {
  it('asks by paper and variant, and reads the answer', async () => {
    const call = answer({ ...thresholds, subject_code: '9702' });
    expect(await fetchGradeThresholds(7, 12)).toMatchObject(thresholds);
    expect(call).toHaveBeenCalledWith(7, 12);
  });

  it('reads "none entered", an unknown paper and boundaries out of order as no thresholds', async () => {
    answer(null);
    expect(await fetchGradeThresholds(7, 12)).toBeNull();
    failure(404);
    expect(await fetchGradeThresholds(7, 12)).toBeNull();
    answer({ ...thresholds, boundaries: [...thresholds.boundaries].reverse() });
    expect(await fetchGradeThresholds(7, 12)).toBeNull();
  });

  it('fails on a server error (the query retries, the panel shows the score without a grade)', async () => {
    failure(503);
    await expect(fetchGradeThresholds(7, 12)).rejects.toThrow('failed');
  });

  it('takes a variant official duration only when it is a sensible number of minutes', () => {
    const variant = (duration: unknown) => ({ id: 1, duration_minutes: duration }) as unknown as Variant;
    expect(durationOf(variant(75))).toBe(75);
    expect(durationOf(variant(null))).toBeNull();
    expect(durationOf(variant(0))).toBeNull();
    expect(durationOf(variant(100000))).toBeNull();
    expect(durationOf(variant('75'))).toBeNull();
    expect(durationOf(null)).toBeNull();
  });
});

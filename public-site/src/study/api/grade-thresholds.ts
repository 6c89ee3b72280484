import { api, ApiError, type Variant } from '@ppl/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { GradeThresholds } from '../lib/progress';

const thresholdsSchema = z.object({
  year: z.number().int(),
  session: z.string().max(60),
  component: z.string().max(60),
  max_marks: z.number().positive().max(1000),
  boundaries: z
    .array(z.object({ grade: z.string().min(1).max(8), min_marks: z.number().min(0).max(1000) }))
    .min(1)
    .max(20)
    .refine((list) => list.every((b, i) => i === 0 || b.min_marks < list[i - 1]!.min_marks), 'strictly decreasing'),
});

/**
 * GET /backend/api/papers/{paperId}/grade-thresholds?variant= (the typed client): the grade boundaries of the
 * variant's component in its series, or null when none were entered. An unknown paper or variant (404) and an
 * answer whose boundaries are not strictly decreasing read as "no thresholds": the score is then shown without a
 * grade. Only the paper and variant ids are sent.
 */
export async function fetchGradeThresholds(paperId: number, variantId: number): Promise<GradeThresholds | null> {
  try {
    const parsed = thresholdsSchema.nullable().safeParse(await api.gradeThresholds.ofVariant(paperId, variantId));
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useGradeThresholds(paperId: number, variantId: number | null) {
  return useQuery({
    queryKey: ['study', 'grade-thresholds', paperId, variantId ?? 0] as const,
    enabled: variantId !== null,
    queryFn: () => fetchGradeThresholds(paperId, variantId!),
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

/** The official duration of a variant's component (minutes), when the server gives one. */
export function durationOf(variant: Variant | null): number | null {
  const value = variant?.duration_minutes ?? null;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 600 ? value : null;
}

import { ApiError } from './api-error';
import type { InquiryPage } from '../types/domain';

/**
 * Spec section 7: the inquiries reply is parsed tolerantly. If two JSON objects are concatenated, the second is
 * used; an `inquiries` field is required.
 */
export function parseInquiriesResponse(text: string): InquiryPage {
  const parsed = parseTolerantly(text);
  if (parsed === undefined) throw new ApiError('Invalid API response: could not parse inquiries data.', 200);
  if (!parsed || typeof parsed !== 'object' || !Array.isArray((parsed as { inquiries?: unknown }).inquiries)) {
    throw new ApiError('Invalid response format from server', 200);
  }
  const page = parsed as { inquiries: InquiryPage['inquiries']; total?: unknown };
  return { inquiries: page.inquiries, total: typeof page.total === 'number' ? page.total : page.inquiries.length };
}

function parseTolerantly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const objects = splitTopLevelObjects(text);
    if (objects.length < 2) return undefined;
    try {
      return JSON.parse(objects[1]!);
    } catch {
      return undefined;
    }
  }
}

/** Splits `{...}{...}` into its top-level objects, respecting strings. */
function splitTopLevelObjects(text: string): string[] {
  const objects: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === '}') {
      depth--;
      if (depth === 0 && start >= 0) objects.push(text.slice(start, i + 1));
      if (depth < 0) return [];
    }
  }
  return objects;
}

import { errorText } from '@ppl/shared-ui';

/** "Failed to create subject: {reason}" (spec section 8): the server's explanation, else the error's own text. */
export function withReason(prefix: string, error: unknown, unknown = 'Unknown error'): string {
  return `${prefix}: ${errorText(error, unknown)}`;
}

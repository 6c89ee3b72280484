/**
 * Limits on the *shape* of a JSON body, checked on the raw bytes before JSON.parse, validation or transformation
 * run. A body under the byte limit can still cost seconds of CPU (class-transformer is quadratic in an object's keys)
 * or overflow the stack (deep nesting); these limits are generous for every payload of the spec (the largest, a past
 * paper with its variants, has under 20 keys per object, 3 levels and a few dozen list items).
 */
export const JSON_LIMITS = { maxDepth: 32, maxKeysPerObject: 1000, maxItemsPerArray: 10_000 } as const;

/** The answer for a body over a limit (413) or carrying a NUL character (400); mapped by the exception filter. */
export class BodyRefusedError extends Error {
  readonly type = 'entity.refused';
  readonly expose = true;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const TOO_COMPLEX = `Request body is too complex (at most ${JSON_LIMITS.maxKeysPerObject} fields per object, ${JSON_LIMITS.maxItemsPerArray} items per list and ${JSON_LIMITS.maxDepth} levels of nesting)`;
export const NUL_REFUSED = 'Request must not contain NUL characters';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/**
 * One pass over the bytes: nesting depth, members per container (commas + 1; malformed JSON is left to JSON.parse),
 * and NUL characters in strings (`\u0000` escapes or raw bytes). Throws BodyRefusedError; O(length), no allocation.
 */
export function checkJsonStructure(body: Buffer, limits = JSON_LIMITS): void {
  const counts: number[] = [];
  const isObject: boolean[] = [];
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === 0) throw new BodyRefusedError(400, NUL_REFUSED);
    if (inString) {
      if (c === BACKSLASH) {
        if (body[i + 1] === 0x75 && isNulEscape(body, i + 2)) throw new BodyRefusedError(400, NUL_REFUSED);
        i++;
      } else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (counts.length >= limits.maxDepth) throw new BodyRefusedError(413, TOO_COMPLEX);
      counts.push(0);
      isObject.push(c === OPEN_OBJECT);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      counts.pop();
      isObject.pop();
    } else if (c === COMMA && counts.length > 0) {
      const top = counts.length - 1;
      const members = ++counts[top]! + 1;
      const limit = isObject[top] ? limits.maxKeysPerObject : limits.maxItemsPerArray;
      if (members > limit) throw new BodyRefusedError(413, TOO_COMPLEX);
    }
  }
}

/** `0000` after `\u` (the digits are hex: '0' only). */
function isNulEscape(body: Buffer, at: number): boolean {
  return body[at] === 0x30 && body[at + 1] === 0x30 && body[at + 2] === 0x30 && body[at + 3] === 0x30;
}

/** Whether a parsed value (multipart fields, query values) carries a NUL character anywhere. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > JSON_LIMITS.maxDepth || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item, depth + 1));
}

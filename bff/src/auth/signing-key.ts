import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * The HS256 key of the sessions' tokens as a key object, made once per secret. Given the secret as text,
 * jsonwebtoken tries to read it as a public key first on every sign and verify (an error thrown and caught each
 * time), which was the largest cost of a signed-in request under load.
 */
export function signingKeyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
}

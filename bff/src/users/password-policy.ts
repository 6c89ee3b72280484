import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's matching grows much faster than the password: with the library's defaults (256 characters, 100 l33t
 * substitutions) one 200-character password of digits and symbols took 1.5-4 s of CPU on the event loop. Only the
 * first 32 characters are scored (a longer password is at least as strong as its start) with at most 10 l33t
 * substitutions: about 40 ms of CPU at worst, and `P@ssw0rd1` is still refused.
 */
export const SCORED_LENGTH = 32;
const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  maxLength: SCORED_LENGTH,
  l33tMaxSubstitutions: 10,
});

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_BLANK = 'Password cannot be blank';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_TOO_WEAK = 'This password is too common or too easy to guess. Please choose a stronger one.';
/** zxcvbn scores 0 (guessable in a few tries) to 4; below 2 falls to an online or cheap offline attack. */
const MIN_SCORE = 2;

/** Why a password cannot be one at all (blank or whitespace-only, too short or too long), or null: a cheap check. */
export function passwordLengthProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.trim() === '') return PASSWORD_BLANK;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  return null;
}

/**
 * Why a new password is refused, or null when it is acceptable: blank or whitespace-only, too short or long, or
 * common / easy to guess by zxcvbn (dictionaries of common passwords, names and words, keyboard patterns, and the
 * account's own name and email as `userInputs`).
 */
export function passwordProblem(password: unknown, userInputs: string[] = []): string | null {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem !== null || typeof password !== 'string') return lengthProblem;
  const inputs = userInputs.flatMap((s) => [s, ...s.split(/[@.\s_-]+/)]).filter((s) => s.length >= 3);
  return estimator.check(password, inputs).score < MIN_SCORE ? PASSWORD_TOO_WEAK : null;
}

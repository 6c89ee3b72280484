import { PASSWORD_BLANK, PASSWORD_TOO_SHORT, PASSWORD_TOO_WEAK, passwordProblem } from './password-policy';

describe('passwordProblem (zxcvbn)', () => {
  it('refuses blank, whitespace-only and short passwords', () => {
    expect(passwordProblem('')).toBe(PASSWORD_BLANK);
    expect(passwordProblem('          ')).toBe(PASSWORD_BLANK);
    expect(passwordProblem('\t\n  \u00a0   ')).toBe(PASSWORD_BLANK);
    expect(passwordProblem('a1b2c3')).toBe(PASSWORD_TOO_SHORT);
  });

  it('refuses common and easily guessed passwords, and ones built from the account itself', () => {
    for (const weak of ['password', 'password1', '12345678', 'qwertyuiop', 'iloveyou1', 'aaaaaaaaaaaa', 'abcd1234']) {
      expect([weak, passwordProblem(weak)]).toEqual([weak, PASSWORD_TOO_WEAK]);
    }
    expect(passwordProblem('maryjones1', ['Mary Jones', 'mary.jones@school.example'])).toBe(PASSWORD_TOO_WEAK);
  });

  it('accepts a strong password', () => {
    expect(passwordProblem('correct-horse-battery')).toBeNull();
    expect(passwordProblem('Tq8#vLp2!mZr')).toBeNull();
  });
});

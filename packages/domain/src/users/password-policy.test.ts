import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, passwordClasses, passwordRuleStates } from './password-policy';

const messages = (password: string, email?: string) =>
  checkPasswordStrength(password, { email }).map((issue) => issue.message);

describe('DESIGN.md security model: staff password strength rule', () => {
  it('accepts 8..128 characters with three of four classes', () => {
    expect(checkPasswordStrength('Abcdefg1')).toEqual([]);
    expect(checkPasswordStrength('abcdef1!')).toEqual([]);
    expect(checkPasswordStrength(`Aa1${'x'.repeat(125)}`)).toEqual([]);
  });

  it('refuses fewer than 8 and more than 128 characters, with the limits as params', () => {
    const short = checkPasswordStrength('Ab1!xyz');
    expect(short).toEqual([
      { path: ['password'], message: 'ACCOUNTS.PASSWORD_RULES.LENGTH', params: { min: 8, max: 128 } },
    ]);
    expect(messages(`Aa1${'x'.repeat(126)}`)).toEqual(['ACCOUNTS.PASSWORD_RULES.TOO_LONG']);
  });

  it('refuses passwords with only two character classes', () => {
    const issues = checkPasswordStrength('abcdefgh12');
    expect(issues).toEqual([
      { path: ['password'], message: 'ACCOUNTS.PASSWORD_RULES.CLASSES', params: { required: 3, found: 2 } },
    ]);
    expect(messages('ABCDEFGH!!')).toEqual(['ACCOUNTS.PASSWORD_RULES.CLASSES']);
  });

  it('counts letters beyond ASCII (caseless scripts as lower case) and any non-alphanumeric as a symbol', () => {
    expect(passwordClasses('Ærø 1')).toEqual(['LOWER', 'UPPER', 'DIGIT', 'SYMBOL']);
    expect(passwordClasses('كلمةسر')).toEqual(['LOWER']);
    expect(checkPasswordStrength('كلمة-سر-42')).toEqual([]);
  });

  it("refuses a password containing the email's local part, whatever its case", () => {
    expect(messages('Xx-ANNA.berg-2024', 'anna.berg@example.org')).toEqual([
      'ACCOUNTS.PASSWORD_RULES.NOT_EMAIL',
    ]);
    expect(messages('Xx-anna-2024', 'anna.berg@example.org')).toEqual([]);
    // Very short local parts are too common to forbid.
    expect(messages('Abcdefg1', 'ab@example.org')).toEqual([]);
  });

  it('puts issues at the path asked for', () => {
    expect(checkPasswordStrength('x', { path: ['newPassword'] })[0]?.path).toEqual(['newPassword']);
  });

  it('reports every rule state for the live checklist', () => {
    const states = passwordRuleStates('short', 'me@example.org');
    expect(states.map((s) => [s.rule, s.isMet])).toEqual([
      ['LENGTH', false],
      ['CLASSES', false],
      ['NOT_EMAIL', true],
    ]);
  });

  it('property: a password passes exactly when every rule state is met', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 140 }), fc.emailAddress(), (password, email) => {
        const states = passwordRuleStates(password, email);
        expect(checkPasswordStrength(password, { email }).length === 0).toBe(states.every((s) => s.isMet));
      }),
    );
  });
});

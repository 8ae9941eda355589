import type { FieldIssue } from '../common/errors';

/** DESIGN.md security model: staff passwords are 8-128 characters with a strength rule. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** How many of the four character classes (lower, upper, digit, symbol) a password needs. */
export const PASSWORD_MIN_CLASSES = 3;
/** Email local parts shorter than this are too common to forbid inside a password. */
const EMAIL_PART_MIN_LENGTH = 3;

export const PASSWORD_CLASSES = ['LOWER', 'UPPER', 'DIGIT', 'SYMBOL'] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];

const CLASS_TESTS: Record<PasswordClass, RegExp> = {
  // Letters of scripts without case (Arabic, Hebrew, Urdu...) count as lower case.
  LOWER: /[\p{Ll}\p{Lo}]/u,
  UPPER: /\p{Lu}/u,
  DIGIT: /\p{Nd}/u,
  SYMBOL: /[^\p{L}\p{Nd}]/u,
};

/** The character classes a password uses (DESIGN.md security model: strength rule). */
export function passwordClasses(password: string): PasswordClass[] {
  return PASSWORD_CLASSES.filter((kind) => CLASS_TESTS[kind].test(password));
}

function emailLocalPart(email: string | null | undefined): string | null {
  const local = email?.split('@')[0]?.trim().toLowerCase() ?? '';
  return local.length >= EMAIL_PART_MIN_LENGTH ? local : null;
}

/** One line of the live checklist the password forms show. */
export type PasswordRuleState = {
  rule: 'LENGTH' | 'CLASSES' | 'NOT_EMAIL';
  isMet: boolean;
  message: string;
  params?: Record<string, string | number>;
};

/**
 * Each rule of the staff password policy and whether `password` meets it (DESIGN.md
 * security model): 8..128 characters, at least 3 of 4 character classes, and not
 * containing the local part of the account's email.
 */
export function passwordRuleStates(password: string, email?: string | null): PasswordRuleState[] {
  const length = [...password].length;
  const found = passwordClasses(password).length;
  const local = emailLocalPart(email);
  return [
    {
      rule: 'LENGTH',
      isMet: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
      message:
        length > PASSWORD_MAX_LENGTH ? 'ACCOUNTS.PASSWORD_RULES.TOO_LONG' : 'ACCOUNTS.PASSWORD_RULES.LENGTH',
      params: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
    },
    {
      rule: 'CLASSES',
      isMet: found >= PASSWORD_MIN_CLASSES,
      message: 'ACCOUNTS.PASSWORD_RULES.CLASSES',
      params: { required: PASSWORD_MIN_CLASSES, found },
    },
    {
      rule: 'NOT_EMAIL',
      isMet: local === null || !password.toLowerCase().includes(local),
      message: 'ACCOUNTS.PASSWORD_RULES.NOT_EMAIL',
    },
  ];
}

/**
 * Checks a new staff password against the policy; returns one issue per broken rule at
 * `path` (message keys with params), empty when the password is acceptable.
 */
export function checkPasswordStrength(
  password: string,
  options: { email?: string | null; path?: (string | number)[] } = {},
): FieldIssue[] {
  const path = options.path ?? ['password'];
  return passwordRuleStates(password, options.email)
    .filter((state) => !state.isMet)
    .map((state) => ({ path, message: state.message, ...(state.params ? { params: state.params } : {}) }));
}

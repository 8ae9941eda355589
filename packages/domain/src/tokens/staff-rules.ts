/**
 * Rules of the staff actions on one token (spec 001 §4 "token status can be edited, and a token
 * can be locked and unlocked"; §7 Tokens (staff); 002 §3 forced form order and `back`). Pure.
 */
import { TransitionError } from '../common/state-machine';
import type { TokenStatus } from './model';
import { tokenStateMachine } from './state-machine';

/** The token actions `PUT .../tokens/{tokenId}/status` may take. */
export const TOKEN_STAFF_STATUS_ACTIONS = ['reactivate', 'disable', 'reopen'] as const;
export type TokenStaffStatusAction = (typeof TOKEN_STAFF_STATUS_ACTIONS)[number];

/**
 * Spec 001 §4: the staff action that leads the token from `from` to `to` (reactivate an expired or
 * disabled link, disable one, reopen a completed one); a `TransitionError` (409) when none does.
 */
export function tokenStaffStatusAction(from: TokenStatus, to: TokenStatus): TokenStaffStatusAction {
  const action = TOKEN_STAFF_STATUS_ACTIONS.find(
    (a) => tokenStateMachine.can(from, a) && tokenStateMachine.next(from, a) === to,
  );
  if (!action) throw new TransitionError({ machine: 'token', from, action: `set ${to}` });
  return action;
}

/** Spec 001 §4: reactivating and reopening give data back to the subject, so the enrollment must be active. */
export function needsActiveEnrollment(action: TokenStaffStatusAction): boolean {
  return action !== 'disable';
}

/** Where a token's filler stands in a forced form order (spec 002 §3 currentForm, currentNumber, total). */
export type FormPosition = {
  forms: string[];
  /** Zero-based index of the current form. */
  currentNumber: number;
  currentForm: string | null;
  total: number;
};

/** The position held in `token.details.formIndex`, clamped to the event's forms. */
export function formPositionOf(forms: readonly string[], storedIndex: unknown): FormPosition {
  const raw = typeof storedIndex === 'number' && Number.isInteger(storedIndex) ? storedIndex : 0;
  const currentNumber = forms.length === 0 ? 0 : Math.min(Math.max(raw, 0), forms.length - 1);
  return { forms: [...forms], currentNumber, currentForm: forms[currentNumber] ?? null, total: forms.length };
}

/**
 * Spec 001 §7 / 002 §7 `POST .../token/{token}/back`, our semantics: in a forced form order the
 * filler steps back one form; answers already saved stay, the earlier form is shown again and the
 * forms after it must be continued through again. Null when already at the first form.
 */
export function stepBackOneForm(position: FormPosition): FormPosition | null {
  if (position.currentNumber <= 0) return null;
  const currentNumber = position.currentNumber - 1;
  return { ...position, currentNumber, currentForm: position.forms[currentNumber] ?? null };
}

/**
 * The step forward a form fill takes after a form is saved in forced order (what the form-fill
 * service stores in `token.details.formIndex`); stays on the last form.
 */
export function stepForwardOneForm(position: FormPosition): FormPosition {
  const currentNumber = Math.min(position.currentNumber + 1, Math.max(position.total - 1, 0));
  return { ...position, currentNumber, currentForm: position.forms[currentNumber] ?? null };
}

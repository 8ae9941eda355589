import { defineStateMachine } from '../common/state-machine';
import type { TokenStatus } from '../tokens/model';

/** Actions of e-consent completion (spec 002 §4: open signing, signing completed / setEconsentSigned). */
export const ECONSENT_ACTIONS = ['openSigning', 'markSigned'] as const;
export type EConsentAction = (typeof ECONSENT_ACTIONS)[number];

/**
 * Spec 002 §4 e-consent completion on the token's status: opening the signing frame
 * moves an UNUSED token to IN_USE; the signing-completed message (or staff recording a
 * paper signature, 001 §7 setEconsentSigned) moves it to COMPLETED = signed. A signature
 * is never undone: withdrawal of consent is an unsubscribe, not an un-sign, so COMPLETED
 * has no e-consent actions. Expired, disabled, excluded and not-yet-active tokens cannot sign.
 */
export const econsentStateMachine = defineStateMachine<TokenStatus, EConsentAction>({
  name: 'e-consent',
  transitions: {
    NOT_ACTIVE: {},
    UNUSED: { openSigning: 'IN_USE', markSigned: 'COMPLETED' },
    IN_USE: { openSigning: 'IN_USE', markSigned: 'COMPLETED' },
    COMPLETED: {},
    EXPIRED: {},
    DISABLED: {},
    EXCLUDED: {},
  },
});

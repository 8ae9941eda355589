// The 22 question types of spec 001 §3 and the paid module each reference type needs
// (spec 000 §6), taken from the domain package so the specs follow the product's own lists.
import { QUESTION_TYPE_MODULES, QUESTION_TYPES } from '@trialbase/domain';

export { QUESTION_TYPES };
export const REFERENCE_MODULES = QUESTION_TYPE_MODULES;

import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { TimestampSchema } from '../common/timestamps';

/** Spec 000 §3 subscription plan currency. */
export const PLAN_CURRENCIES = ['DKK', 'EUR'] as const;
export const PlanCurrencySchema = z.enum(PLAN_CURRENCIES);
export type PlanCurrency = z.infer<typeof PlanCurrencySchema>;

/** Spec 000 §3 subscription plan class. */
export const PLAN_CLASSES = ['PUBLIC', 'ENTERPRISE'] as const;
export const PlanClassSchema = z.enum(PLAN_CLASSES);
export type PlanClass = z.infer<typeof PlanClassSchema>;

/** Spec 000 §3 subscription plan type. */
export const PLAN_TYPES = ['TYPE_MONTH', 'TYPE_FREE'] as const;
export const PlanTypeSchema = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof PlanTypeSchema>;

/** Spec 000 §4 subscription plan status. */
export const PLAN_STATUSES = ['ACTIVE', 'DISABLED', 'CANCELLED', 'EXPIRED'] as const;
export const PlanStatusSchema = z.enum(PLAN_STATUSES);
export type PlanStatus = z.infer<typeof PlanStatusSchema>;

/**
 * Spec 000 §1 paid modules (about 20) gating features. The spec names medication, AE,
 * unscheduled-event references, randomization, horizontal possibilities and public
 * enrollment; the rest are the other paid features of spec 000 §1 and 001 §1.
 */
export const PLAN_MODULES = [
  'MEDICATION',
  'MEDICATION_ACCOUNTING',
  'ADVERSE_EVENTS',
  'CUSTOM_AE_REPORTS',
  'UNSCHEDULED_EVENT_REFERENCES',
  'RANDOMIZATION',
  'HORIZONTAL_POSSIBILITIES',
  'PUBLIC_ENROLLMENT',
  'ECONSENT',
  'FILE_VAULT',
  'REPORTING',
  'WEBHOOKS',
  'API_KEYS',
  'SMS',
  'ONE_TIME_PASSWORD',
  'EXTENDED_VALIDATION',
  'SITE_BOOKING',
  'EXTERNAL_DATA',
  'TRANSLATIONS',
  'EQ_5D',
  'IMAGE_CHART',
  'SOURCE_DATA_VERIFICATION',
] as const;
export const PlanModuleCodeSchema = z.enum(PLAN_MODULES);
export type PlanModuleCode = z.infer<typeof PlanModuleCodeSchema>;

/** Spec 000 §5: deleting a plan requires typing this text. */
export const PLAN_DELETE_CONFIRMATION = 'DELETE PLAN';

/** Spec 000 §3 subscription plan with its limits (001 §4: the plan's event limit). Null limit = unlimited. */
export const SubscriptionPlanSchema = z.object({
  id: IdSchema,
  name: z.string().trim().min(1).max(128),
  currency: PlanCurrencySchema,
  planClass: PlanClassSchema,
  type: PlanTypeSchema,
  status: PlanStatusSchema,
  /** Price per period in minor units (øre, cents); 0 for TYPE_FREE. */
  price: z.number().int().nonnegative(),
  modules: z.array(PlanModuleCodeSchema),
  maxSubjects: z.number().int().positive().nullable(),
  maxSites: z.number().int().positive().nullable(),
  maxDataEvents: z.number().int().positive().nullable(),
  validFrom: TimestampSchema,
  validTo: TimestampSchema.nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;

/** Spec 001 §7 applyEnterpriseCode; errors STUDY_HAS_CODE and CODE_REDEEMED (000 §8). */
export const EnterpriseCodeSchema = z.object({
  code: z.string().trim().min(4).max(64),
  planId: IdSchema,
  redeemedByStudyId: IdSchema.nullable(),
  redeemedTime: TimestampSchema.nullable(),
});
export type EnterpriseCode = z.infer<typeof EnterpriseCodeSchema>;

/** Spec 000 §5: a plan is deleted only when the user typed exactly DELETE PLAN. */
export function isPlanDeleteConfirmed(text: string): boolean {
  return text === PLAN_DELETE_CONFIRMATION;
}

/** Spec 000 §1 / §6: a module-gated feature is available when the plan is active and includes it. */
export function hasPlanModule(
  plan: Pick<SubscriptionPlan, 'status' | 'modules'>,
  module: PlanModuleCode,
): boolean {
  return plan.status === 'ACTIVE' && plan.modules.includes(module);
}

/** Spec 000 §4: a plan is usable while ACTIVE and not past its end (`now` passed in). */
export function isPlanInForce(
  plan: Pick<SubscriptionPlan, 'status' | 'validFrom' | 'validTo'>,
  now: Date,
): boolean {
  const t = now.getTime();
  if (plan.status !== 'ACTIVE' || Date.parse(plan.validFrom) > t) return false;
  return plan.validTo === null || Date.parse(plan.validTo) > t;
}

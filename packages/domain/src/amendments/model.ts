/**
 * Impact preview of an amendment (issue 23 item 2, beyond the spec): what the running amendment changes
 * against what is published (forms question by question, validation and show rules, process events),
 * and per site how many enrolments, open tokens and scheduled send-outs it touches.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../common/languages';

export const AMENDMENT_CHANGE_KINDS = ['ADDED', 'REMOVED', 'CHANGED'] as const;
export const AmendmentChangeKindSchema = z.enum(AMENDMENT_CHANGE_KINDS);
export type AmendmentChangeKind = z.infer<typeof AmendmentChangeKindSchema>;

/** What of a question changed; TEXT is per language. */
export const QUESTION_DIFF_PROPERTIES = [
  'TEXT',
  'TYPE',
  'CHOICES',
  'VALIDATION',
  'REQUIRED',
  'SHOW_RULES',
] as const;
export type QuestionDiffProperty = (typeof QUESTION_DIFF_PROPERTIES)[number];

/** What of a data event changed. */
export const EVENT_DIFF_PROPERTIES = ['NAME', 'TYPE', 'TIMING', 'FORMS', 'SEND_OUT'] as const;
export type EventDiffProperty = (typeof EVENT_DIFF_PROPERTIES)[number];

/** One changed property, its value before and after as a short readable summary (null: none). */
function propertyChangeSchema<P extends readonly [string, ...string[]]>(properties: P) {
  return z.object({
    property: z.enum(properties),
    language: z.string().optional(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  });
}
export const QuestionPropertyChangeSchema = propertyChangeSchema(QUESTION_DIFF_PROPERTIES);
export type QuestionPropertyChange = z.infer<typeof QuestionPropertyChangeSchema>;
export const EventPropertyChangeSchema = propertyChangeSchema(EVENT_DIFF_PROPERTIES);
export type EventPropertyChange = z.infer<typeof EventPropertyChangeSchema>;

export const QuestionChangeSchema = z.object({
  questionId: z.string(),
  /** The 1-based position in the draft (or, for a removed question, in the published form). */
  order: z.number().int(),
  text: LocalizedTextSchema,
  change: AmendmentChangeKindSchema,
  properties: z.array(QuestionPropertyChangeSchema),
  /** Other settings that changed, by their field name (help text, export label...). */
  otherSettings: z.array(z.string()),
});
export type QuestionChange = z.infer<typeof QuestionChangeSchema>;

export const FormChangeSchema = z.object({
  formId: z.string(),
  title: LocalizedTextSchema,
  change: AmendmentChangeKindSchema,
  /** Form-level settings that changed (title, info text, score...), by field name. */
  settings: z.array(z.string()),
  questions: z.array(QuestionChangeSchema),
});
export type FormChange = z.infer<typeof FormChangeSchema>;

export const AMENDMENT_RULE_KINDS = ['VALIDATION', 'SHOW'] as const;
export const RuleChangeSchema = z.object({
  kind: z.enum(AMENDMENT_RULE_KINDS),
  ruleId: z.string(),
  formId: z.string().nullable(),
  formTitle: LocalizedTextSchema,
  questionId: z.string().nullable(),
  questionText: LocalizedTextSchema,
  change: AmendmentChangeKindSchema,
  /** The rule's fields that changed (empty when added or removed). */
  properties: z.array(z.string()),
});
export type RuleChange = z.infer<typeof RuleChangeSchema>;

export const EventChangeSchema = z.object({
  dataEventId: z.string(),
  name: LocalizedTextSchema,
  change: AmendmentChangeKindSchema,
  properties: z.array(EventPropertyChangeSchema),
  otherSettings: z.array(z.string()),
});
export type EventChange = z.infer<typeof EventChangeSchema>;

export const ProcessChangeSchema = z.object({
  processId: z.string(),
  name: z.string(),
  change: AmendmentChangeKindSchema,
  settings: z.array(z.string()),
  events: z.array(EventChangeSchema),
});
export type ProcessChange = z.infer<typeof ProcessChangeSchema>;

export const AmendmentDiffSchema = z.object({
  forms: z.array(FormChangeSchema),
  rules: z.array(RuleChangeSchema),
  processes: z.array(ProcessChangeSchema),
});
export type AmendmentDiff = z.infer<typeof AmendmentDiffSchema>;

/** Per site: active enrolments, open tokens and scheduled send-outs the amendment touches. */
export const AmendmentSiteImpactSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  enrollments: z.number().int(),
  openTokens: z.number().int(),
  scheduledSendOuts: z.number().int(),
});
export type AmendmentSiteImpact = z.infer<typeof AmendmentSiteImpactSchema>;

export const AmendmentImpactSchema = z.object({
  /** The running amendment's start, or null when no amendment is open (then nothing else is listed). */
  startedTime: z.string().nullable(),
  isBlocking: z.boolean().nullable(),
  diff: AmendmentDiffSchema,
  sites: z.array(AmendmentSiteImpactSchema),
});
export type AmendmentImpact = z.infer<typeof AmendmentImpactSchema>;

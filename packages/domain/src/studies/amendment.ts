/**
 * Issue 23 amendments (spec 001 §2 overview amendment summary, §7 amendment calls): the per-form
 * version choice made before an amendment finishes, and the version a token's form is read at.
 */
import { z } from 'zod';
import { BuildCheckDiagnosticSchema } from '../build-check/model';
import { TimestampSchema } from '../common/timestamps';

const KeySchema = z.string().min(1).max(64);

/**
 * What existing enrolments do with a form the amendment changed: KEEP their tagged version for every
 * event (the default), or take the NEW_EVENTS version for events not yet started. Events already
 * filled or started keep the version their answers were saved with either way.
 */
export const AMENDMENT_FORM_VERSION_CHOICES = ['KEEP', 'NEW_EVENTS'] as const;
export type AmendmentFormVersionChoice = (typeof AMENDMENT_FORM_VERSION_CHOICES)[number];
export const AmendmentFormVersionChoiceSchema = z.enum(AMENDMENT_FORM_VERSION_CHOICES);

export type FormVersionTag = { major: number; minor: number };

/** The choice for one form; a form nobody chose for keeps its version (issue 23). */
export function formVersionChoiceOf(
  choices: Readonly<Record<string, AmendmentFormVersionChoice>> | null | undefined,
  formId: string,
): AmendmentFormVersionChoice {
  return choices?.[formId] ?? 'KEEP';
}

/**
 * Issue 23, applied when an amendment finishes: of the forms that got new versions, those whose
 * existing enrolments move to the new version. An enrolment holding a tag for such a form is retagged
 * (its events not yet started read the new version); KEEP forms, and forms an enrolment never had,
 * stay as they are (a form without a tag is read at its latest version anyway).
 */
export function formsTakingNewVersion<T extends { formId: string; version: FormVersionTag }>(
  published: readonly T[],
  choices: Readonly<Record<string, AmendmentFormVersionChoice>> | null | undefined,
): T[] {
  return published.filter((p) => formVersionChoiceOf(choices, p.formId) === 'NEW_EVENTS');
}

/**
 * The version a token's form is read at (issue 23: already-filled answers stay readable at their old
 * version): the version its answers were saved with when there are any, else the enrolment's tag.
 */
export function tokenFormVersionOf(
  saved: FormVersionTag | null | undefined,
  tag: FormVersionTag | undefined,
): FormVersionTag | undefined {
  return saved ? { major: saved.major, minor: saved.minor } : tag;
}

/** PUT /study/{id}/amendment/formVersions: the choice per changed form, and why. */
export const AmendmentFormVersionsRequestSchema = z.object({
  choices: z.record(KeySchema, AmendmentFormVersionChoiceSchema),
  reason: z.string().trim().min(1).max(1000),
});
export type AmendmentFormVersionsRequest = z.infer<typeof AmendmentFormVersionsRequestSchema>;

/** One form the running amendment changed: new (never published) or a draft ahead of its version. */
export const AmendmentChangedFormSchema = z.object({
  formId: KeySchema,
  name: z.string(),
  isNew: z.boolean(),
  /** The version existing enrolments hold now; null for a new form. */
  publishedVersion: z.object({ major: z.number().int(), minor: z.number().int() }).nullable(),
  choice: AmendmentFormVersionChoiceSchema,
});
export type AmendmentChangedForm = z.infer<typeof AmendmentChangedFormSchema>;

/** GET /study/{id}/amendment (spec 001 §2 amendment summary): the running amendment, null outside one. */
export const AmendmentSummarySchema = z.object({
  studyId: KeySchema,
  amendment: z
    .object({
      startedTime: TimestampSchema,
      startedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
      isBlocking: z.boolean(),
      scheduledTime: TimestampSchema.nullable(),
      changedForms: z.array(AmendmentChangedFormSchema),
      changedProcesses: z.array(z.object({ processId: KeySchema, name: z.string() })),
    })
    .nullable(),
});
export type AmendmentSummary = z.infer<typeof AmendmentSummarySchema>;

/**
 * Issue 23 item 3: the body of a transition refused by the build check (going to production or
 * test, finishing or scheduling an amendment): the blocking diagnostics, id STUDY_BUILD_CHECK_FAILED.
 */
export const BuildCheckRefusalContextSchema = z.object({
  errorCount: z.number().int(),
  warningCount: z.number().int(),
  diagnostics: z.array(BuildCheckDiagnosticSchema),
});
export type BuildCheckRefusalContext = z.infer<typeof BuildCheckRefusalContextSchema>;

/**
 * Study-build check (issue 23 item 3, beyond the spec): diagnostics over a study's forms, processes,
 * rules and settings before it goes to production or test, or before an amendment is finished.
 * ERROR blocks the transition; WARNING is shown. Each diagnostic names the place to fix it.
 */
import { z } from 'zod';

export const BUILD_CHECK_SEVERITIES = ['ERROR', 'WARNING'] as const;
export type BuildCheckSeverity = (typeof BUILD_CHECK_SEVERITIES)[number];

/** Every diagnostic code; the web shows `BUILD_CHECK.CODES.<code>` with the diagnostic's params. */
export const BUILD_CHECK_CODES = [
  'SHOW_RULE_NEVER_SATISFIED',
  'SHOW_RULE_SOURCE_NEVER_SHOWN',
  'VALIDATION_RULE_INVALID',
  'RULE_FORM_NOT_IN_PROCESS',
  'FORMULA_INVALID',
  'SEND_OUT_WITHOUT_CONTACT',
  'EXPIRY_BEFORE_ACTIVATION',
  'TEXT_UNTRANSLATED',
  'FORM_WITHOUT_QUESTIONS',
  'PROCESS_WITHOUT_EVENTS',
  'DATA_EVENT_UNREACHABLE',
  'DATA_EVENT_FORM_MISSING',
] as const;
export type BuildCheckCode = (typeof BUILD_CHECK_CODES)[number];

/** Settings sections a diagnostic may send the designer to (the study overview's cards). */
export const BUILD_CHECK_SETTINGS_SECTIONS = ['PARTICIPANT_SETTINGS', 'LANGUAGES'] as const;

/** Translation editors a diagnostic may send the designer to (issue 18). */
export const BUILD_CHECK_TRANSLATION_AREAS = ['forms', 'pathways', 'rules'] as const;

/** Where to fix a diagnostic: which screen, and which item on it. */
export const BuildCheckTargetSchema = z.discriminatedUnion('screen', [
  z.object({ screen: z.literal('FORM'), formId: z.string(), questionId: z.string().nullable() }),
  z.object({ screen: z.literal('PROCESS'), processId: z.string(), dataEventId: z.string().nullable() }),
  z.object({ screen: z.literal('VALIDATION_RULE'), ruleId: z.string() }),
  z.object({ screen: z.literal('SHOW_RULE'), ruleId: z.string() }),
  z.object({
    screen: z.literal('TRANSLATIONS'),
    area: z.enum(BUILD_CHECK_TRANSLATION_AREAS),
    language: z.string(),
  }),
  z.object({ screen: z.literal('SETTINGS'), section: z.enum(BUILD_CHECK_SETTINGS_SECTIONS) }),
]);
export type BuildCheckTarget = z.infer<typeof BuildCheckTargetSchema>;

/** One finding: a stable id (code plus where), severity, message key with params, and where to fix it. */
export const BuildCheckDiagnosticSchema = z.object({
  id: z.string(),
  code: z.enum(BUILD_CHECK_CODES),
  severity: z.enum(BUILD_CHECK_SEVERITIES),
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  target: BuildCheckTargetSchema,
});
export type BuildCheckDiagnostic = z.infer<typeof BuildCheckDiagnosticSchema>;

/** GET /study/{studyId}/buildCheck answer: every diagnostic, errors first, and the counts. */
export const BuildCheckReportSchema = z.object({
  diagnostics: z.array(BuildCheckDiagnosticSchema),
  errorCount: z.number().int().min(0),
  warningCount: z.number().int().min(0),
  isBlocking: z.boolean(),
});
export type BuildCheckReport = z.infer<typeof BuildCheckReportSchema>;

type Params = BuildCheckDiagnostic['params'];

/** Builds a diagnostic; its id is the code plus the target and a discriminator, stable between runs. */
export function buildDiagnostic(
  code: BuildCheckCode,
  severity: BuildCheckSeverity,
  target: BuildCheckTarget,
  params: Params = {},
  discriminator = '',
): BuildCheckDiagnostic {
  const where = Object.values(target)
    .filter((v) => v !== null)
    .join(':');
  return {
    id: [code, where, discriminator].filter((s) => s !== '').join(':'),
    code,
    severity,
    messageKey: `BUILD_CHECK.CODES.${code}`,
    params,
    target,
  };
}

/**
 * What in a study is translatable and how each text is addressed (issue 18 item 4; spec 001 §3
 * translation resources, §5 limits). A **slot** is one LocalizedText of a form, process or validation
 * rule with a stable id built from the ids that hold it, so an editor save and an XLIFF file written
 * weeks ago still find the same text:
 *
 *   form.<formId>.title | .infoText | .customFooter | .colorLabel.<n>
 *   form.<formId>.q.<questionId>.text | .help | .skip | .leftLabel | .rightLabel | .slider.<n>
 *   form.<formId>.q.<questionId>.p.<possibilityId> | .row.<rowId> | .col.<columnId>
 *   form.<formId>.q.<questionId>.rule.<ruleId|n>   (messages of rules embedded in the question)
 *   process.<processId>.consentText | .publicIntroText | .trialGroup.<n>
 *   process.<processId>.event.<dataEventId>.name | .subject | .email | .sms
 *   rule.<ruleId>.message
 *
 * `<n>` is a 1-based position where the item has no id of its own (slider texts, colour labels,
 * trial groups). Slots work on a copy the caller owns: `assign` writes into it.
 */
import { RICH_TEXT_MAX } from '../authoring/limits';
import type { LocalizedText } from '../common/languages';
import type { FormTemplate, Question } from '../forms/model';
import type { Process } from '../processes/model';
import { PROCESS_NAME_MAX, PROCESS_RICH_TEXT_MAX } from '../processes/model';
import type { ValidationRule } from '../rules/model';
import {
  TRANSLATION_UNIT_KINDS,
  type TranslationFormat,
  type TranslationUnit,
  type TranslationUnitKind,
} from './schemas';

/** Limits per unit kind (spec 001 §5: question text 1024, rich texts 20000; the rest follow authoring). */
export const TRANSLATION_LIMITS = {
  FORM_TITLE: 64,
  FORM_INFO_TEXT: RICH_TEXT_MAX,
  FORM_CUSTOM_FOOTER: RICH_TEXT_MAX,
  FORM_COLOR_LABEL: 1024,
  QUESTION_TEXT: 1024,
  QUESTION_HELP_TEXT: RICH_TEXT_MAX,
  QUESTION_SKIP_TEXT: 1024,
  QUESTION_LEFT_LABEL: 1024,
  QUESTION_RIGHT_LABEL: 1024,
  QUESTION_SLIDER_TEXT: 1024,
  POSSIBILITY_TEXT: 1024,
  TABLE_ROW_TITLE: 1024,
  TABLE_COLUMN_TITLE: 1024,
  PROCESS_CONSENT_TEXT: PROCESS_RICH_TEXT_MAX,
  PROCESS_PUBLIC_INTRO_TEXT: PROCESS_RICH_TEXT_MAX,
  TRIAL_GROUP_TITLE: PROCESS_NAME_MAX,
  DATA_EVENT_NAME: PROCESS_RICH_TEXT_MAX,
  DATA_EVENT_SUBJECT_TEXT: PROCESS_RICH_TEXT_MAX,
  DATA_EVENT_EMAIL_TEXT: PROCESS_RICH_TEXT_MAX,
  DATA_EVENT_SMS_TEXT: PROCESS_RICH_TEXT_MAX,
  RULE_MESSAGE: RICH_TEXT_MAX,
} as const satisfies Record<TranslationUnitKind, number>;

/** An information question's text is rich text (20000), like every other question's is 1024 plain. */
export const INFORMATION_TEXT_MAX = RICH_TEXT_MAX;

/** Kinds whose texts are author HTML (sanitised on save like the builders do, DESIGN.md rich text). */
const RICH_KINDS: ReadonlySet<TranslationUnitKind> = new Set([
  'FORM_INFO_TEXT',
  'FORM_CUSTOM_FOOTER',
  'QUESTION_HELP_TEXT',
  'PROCESS_CONSENT_TEXT',
  'PROCESS_PUBLIC_INTRO_TEXT',
]);

/** Kinds whose `{name}` markers are filled in when the text is used and must survive translation. */
const PLACEHOLDER_KINDS: ReadonlySet<TranslationUnitKind> = new Set([
  'DATA_EVENT_SUBJECT_TEXT',
  'DATA_EVENT_EMAIL_TEXT',
  'DATA_EVENT_SMS_TEXT',
  'RULE_MESSAGE',
]);

const PLACEHOLDER_PATTERN = /\{[A-Za-z][A-Za-z0-9_]*\}/g;

/** The distinct `{name}` placeholders of a text, in order of first use (`{link}`, `{limit}`). */
export function findPlaceholders(text: string): string[] {
  return [...new Set(text.match(PLACEHOLDER_PATTERN) ?? [])];
}

/** One translatable text of a document the caller owns, with where it sits and how to change it. */
export type TranslationSlot = {
  id: string;
  kind: TranslationUnitKind;
  format: TranslationFormat;
  maxLength: number;
  isRequired: boolean;
  questionId: string | null;
  questionOrder: number | null;
  position: number | null;
  text: LocalizedText | undefined;
  assign: (next: LocalizedText) => void;
};

type SlotInit = Omit<
  TranslationSlot,
  'format' | 'maxLength' | 'isRequired' | 'questionId' | 'questionOrder' | 'position'
> &
  Partial<
    Pick<TranslationSlot, 'format' | 'maxLength' | 'isRequired' | 'questionId' | 'questionOrder' | 'position'>
  >;

function slot(init: SlotInit): TranslationSlot {
  return {
    format: RICH_KINDS.has(init.kind) ? 'RICH' : 'PLAIN',
    maxLength: TRANSLATION_LIMITS[init.kind],
    isRequired: false,
    questionId: null,
    questionOrder: null,
    position: null,
    ...init,
  };
}

function questionSlots(formId: string, q: Question): TranslationSlot[] {
  const base = `form.${formId}.q.${q.id}`;
  const at = { questionId: q.id, questionOrder: q.order };
  const slots: TranslationSlot[] = [
    slot({
      id: `${base}.text`,
      kind: 'QUESTION_TEXT',
      ...at,
      text: q.question,
      assign: (next) => {
        q.question = next;
      },
      ...(q.type === 'INFORMATION' ? { format: 'RICH' as const, maxLength: INFORMATION_TEXT_MAX } : {}),
    }),
    slot({
      id: `${base}.help`,
      kind: 'QUESTION_HELP_TEXT',
      ...at,
      text: q.helpText,
      assign: (n) => {
        q.helpText = n;
      },
    }),
    slot({
      id: `${base}.skip`,
      kind: 'QUESTION_SKIP_TEXT',
      ...at,
      text: q.skipText,
      assign: (n) => {
        q.skipText = n;
      },
    }),
    slot({
      id: `${base}.leftLabel`,
      kind: 'QUESTION_LEFT_LABEL',
      ...at,
      text: q.leftLabel,
      assign: (n) => {
        q.leftLabel = n;
      },
    }),
    slot({
      id: `${base}.rightLabel`,
      kind: 'QUESTION_RIGHT_LABEL',
      ...at,
      text: q.rightLabel,
      assign: (n) => {
        q.rightLabel = n;
      },
    }),
  ];
  q.sliderTexts.forEach((text, i) => {
    slots.push(
      slot({
        id: `${base}.slider.${i + 1}`,
        kind: 'QUESTION_SLIDER_TEXT',
        ...at,
        position: i + 1,
        text,
        assign: (n) => {
          q.sliderTexts[i] = n;
        },
      }),
    );
  });
  q.possibilities.forEach((p, i) => {
    slots.push(
      slot({
        id: `${base}.p.${p.id}`,
        kind: 'POSSIBILITY_TEXT',
        ...at,
        position: i + 1,
        text: p.possibility,
        assign: (n) => {
          p.possibility = n;
        },
      }),
    );
  });
  q.tableRow.forEach((row, i) => {
    slots.push(
      slot({
        id: `${base}.row.${row.id}`,
        kind: 'TABLE_ROW_TITLE',
        ...at,
        position: i + 1,
        text: row.title,
        assign: (n) => {
          row.title = n;
        },
      }),
    );
  });
  q.tableCol.forEach((col, i) => {
    slots.push(
      slot({
        id: `${base}.col.${col.id}`,
        kind: 'TABLE_COLUMN_TITLE',
        ...at,
        position: i + 1,
        text: col.title,
        assign: (n) => {
          col.title = n;
        },
      }),
    );
  });
  slots.push(...embeddedRuleSlots(base, q, at));
  return slots;
}

type RawRule = { id?: unknown; action?: { message?: LocalizedText } & Record<string, unknown> };

/**
 * Spec 001 §3 Question.validationRules: the messages of rules that travel inside the question
 * (the renderer shows them to whoever fills the form), addressed by the rule's id, else its 1-based
 * place: `form.<formId>.q.<questionId>.rule.<ruleId|n>`. Entries without a message object are skipped.
 */
function embeddedRuleSlots(
  base: string,
  q: Question,
  at: { questionId: string; questionOrder: number },
): TranslationSlot[] {
  return q.validationRules.flatMap((raw, i) => {
    if (!raw || typeof raw !== 'object') return [];
    const rule = raw as RawRule;
    const action = rule.action;
    if (!action || typeof action !== 'object') return [];
    const message = action.message && typeof action.message === 'object' ? action.message : undefined;
    const key = typeof rule.id === 'string' && rule.id !== '' ? rule.id : String(i + 1);
    return [
      slot({
        id: `${base}.rule.${key}`,
        kind: 'RULE_MESSAGE',
        ...at,
        position: i + 1,
        text: message,
        assign: (n) => {
          q.validationRules[i] = { ...rule, action: { ...action, message: n } };
        },
      }),
    ];
  });
}

/** Issue 18 item 4: every translatable text of a form, in the order the builder shows them. */
export function listFormSlots(form: FormTemplate): TranslationSlot[] {
  const base = `form.${form.id}`;
  const slots: TranslationSlot[] = [
    slot({
      id: `${base}.title`,
      kind: 'FORM_TITLE',
      text: form.title,
      assign: (n) => {
        form.title = n;
      },
    }),
    slot({
      id: `${base}.infoText`,
      kind: 'FORM_INFO_TEXT',
      text: form.infoText,
      assign: (n) => {
        form.infoText = n;
      },
    }),
  ];
  form.colorLabels.forEach((label, i) => {
    slots.push(
      slot({
        id: `${base}.colorLabel.${i + 1}`,
        kind: 'FORM_COLOR_LABEL',
        position: i + 1,
        text: label.label,
        assign: (n) => {
          label.label = n;
        },
      }),
    );
  });
  for (const q of [...form.questions].sort((a, b) => a.order - b.order))
    slots.push(...questionSlots(form.id, q));
  slots.push(
    slot({
      id: `${base}.customFooter`,
      kind: 'FORM_CUSTOM_FOOTER',
      text: form.customFooter,
      assign: (n) => {
        form.customFooter = n;
      },
    }),
  );
  return slots;
}

/**
 * Spec 001 §5 "translated consent and public intro text: required": required when the process asks
 * for consent (shows its intro text) and the language is one of the process's languages (all study
 * languages when the process names none).
 */
export function isProcessTextRequired(
  process: Pick<Process, 'supportedLanguages'>,
  isEnabled: boolean,
  language: string,
): boolean {
  if (!isEnabled) return false;
  return process.supportedLanguages.length === 0 || process.supportedLanguages.includes(language);
}

/** Issue 18 item 4: consent and public intro texts, trial group titles, each data event's name and message texts. */
export function listProcessSlots(process: Process, language: string): TranslationSlot[] {
  const base = `process.${process.id}`;
  const slots: TranslationSlot[] = [
    slot({
      id: `${base}.consentText`,
      kind: 'PROCESS_CONSENT_TEXT',
      isRequired: isProcessTextRequired(process, process.consentRequired, language),
      text: process.consentText,
      assign: (n) => {
        process.consentText = n;
      },
    }),
    slot({
      id: `${base}.publicIntroText`,
      kind: 'PROCESS_PUBLIC_INTRO_TEXT',
      isRequired: isProcessTextRequired(process, process.publicIntroTextEnabled, language),
      text: process.publicIntroText,
      assign: (n) => {
        process.publicIntroText = n;
      },
    }),
  ];
  process.trialGroups.forEach((group, i) => {
    slots.push(
      slot({
        id: `${base}.trialGroup.${i + 1}`,
        kind: 'TRIAL_GROUP_TITLE',
        position: i + 1,
        text: group.title,
        assign: (n) => {
          group.title = n;
        },
      }),
    );
  });
  process.dataEvents.forEach((event, i) => {
    const at = `${base}.event.${event.id}`;
    const position = i + 1;
    slots.push(
      slot({
        id: `${at}.name`,
        kind: 'DATA_EVENT_NAME',
        position,
        text: event.name,
        assign: (n) => {
          event.name = n;
        },
      }),
      slot({
        id: `${at}.subject`,
        kind: 'DATA_EVENT_SUBJECT_TEXT',
        position,
        text: event.subjectText,
        assign: (n) => {
          event.subjectText = n;
        },
      }),
      slot({
        id: `${at}.email`,
        kind: 'DATA_EVENT_EMAIL_TEXT',
        position,
        text: event.emailText,
        assign: (n) => {
          event.emailText = n;
        },
      }),
      slot({
        id: `${at}.sms`,
        kind: 'DATA_EVENT_SMS_TEXT',
        position,
        text: event.smsText,
        assign: (n) => {
          event.smsText = n;
        },
      }),
    );
  });
  return slots;
}

/** Issue 18 item 4: a validation rule's message (may hold `{limit}`, spec 001 §3). */
export function listRuleSlots(
  rule: ValidationRule & { id: string },
  question?: Pick<Question, 'id' | 'order'>,
): TranslationSlot[] {
  return [
    slot({
      id: `rule.${rule.id}.message`,
      kind: 'RULE_MESSAGE',
      questionId: question?.id ?? null,
      questionOrder: question?.order ?? null,
      text: rule.action.message,
      assign: (n) => {
        rule.action.message = n;
      },
    }),
  ];
}

function textIn(text: LocalizedText | undefined, language: string): string {
  const value = (text as Record<string, string | undefined> | undefined)?.[language];
  return typeof value === 'string' ? value : '';
}

/** A slot has something to translate when its primary-language text is not blank. */
export function isTranslatable(s: TranslationSlot, primaryLanguage: string): boolean {
  return textIn(s.text, primaryLanguage).trim() !== '';
}

/** The editor's view of the slots with a source: source in the primary language beside the target. */
export function presentUnits(
  slots: readonly TranslationSlot[],
  languages: { primary: string; target: string },
): TranslationUnit[] {
  return slots
    .filter((s) => isTranslatable(s, languages.primary))
    .map((s) => {
      const source = textIn(s.text, languages.primary);
      return {
        id: s.id,
        kind: s.kind,
        format: s.format,
        source,
        target: textIn(s.text, languages.target),
        maxLength: s.maxLength,
        isRequired: s.isRequired,
        placeholders: PLACEHOLDER_KINDS.has(s.kind) ? findPlaceholders(source) : [],
        questionId: s.questionId,
        questionOrder: s.questionOrder,
        position: s.position,
      };
    });
}

/** Is `kind` one of the unit kinds (for readers of stored or uploaded ids)? */
export function isTranslationUnitKind(kind: string): kind is TranslationUnitKind {
  return (TRANSLATION_UNIT_KINDS as readonly string[]).includes(kind);
}

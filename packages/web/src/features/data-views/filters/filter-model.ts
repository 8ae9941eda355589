import type { DataFilterKind, DataFilterOptions, MonitorFilter } from '@trialbase/domain';

/** One select of the data filter forms, in cascade order (spec 001 §2). */
export type FilterField = 'siteId' | 'processId' | 'dataEventId' | 'formId' | 'questionId' | 'possibilityId';

/** What the filter form edits; empty strings are unset selects. */
export type FilterDraft = { kind: DataFilterKind } & Record<FilterField, string>;

export const EMPTY_DRAFT: FilterDraft = {
  kind: 'NONE',
  siteId: '',
  processId: '',
  dataEventId: '',
  formId: '',
  questionId: '',
  possibilityId: '',
};

/** Spec 001 §2: the selects each kind of filter shows, in cascade order; every one is required. */
export const FIELDS_OF_KIND: Record<DataFilterKind, readonly FilterField[]> = {
  NONE: [],
  SITE: ['siteId'],
  ANSWER: ['siteId', 'dataEventId', 'formId', 'questionId', 'possibilityId'],
  INDEPENDENT_ANSWER: ['formId', 'questionId', 'possibilityId'],
  PATHWAY: ['processId'],
  PATHWAY_DATA_EVENT: ['processId', 'dataEventId'],
  SITE_DATA_EVENT: ['siteId', 'dataEventId'],
};

/** Whether every select of the draft's kind is chosen (001 §2 "all selects are required before applying"). */
export function isComplete(draft: FilterDraft): boolean {
  return FIELDS_OF_KIND[draft.kind].every((field) => draft[field] !== '');
}

/** The draft with one select changed and every select after it in its kind's cascade cleared. */
export function withField(draft: FilterDraft, field: FilterField, value: string): FilterDraft {
  const fields = FIELDS_OF_KIND[draft.kind];
  const next = { ...draft, [field]: value };
  for (const later of fields.slice(fields.indexOf(field) + 1)) next[later] = '';
  return next;
}

/** The draft of another kind: the selects both kinds share keep their value where the cascade allows. */
export function withKind(draft: FilterDraft, kind: DataFilterKind): FilterDraft {
  return { ...EMPTY_DRAFT, kind, siteId: FIELDS_OF_KIND[kind].includes('siteId') ? draft.siteId : '' };
}

/** The request filter of a complete draft (the monitor's union holds every kind). */
export function toFilter(draft: FilterDraft): MonitorFilter {
  const d = draft;
  switch (d.kind) {
    case 'NONE':
      return { kind: 'NONE' };
    case 'SITE':
      return { kind: 'SITE', siteId: d.siteId };
    case 'ANSWER':
      return {
        kind: 'ANSWER',
        siteId: d.siteId,
        dataEventId: d.dataEventId,
        formId: d.formId,
        questionId: d.questionId,
        possibilityId: d.possibilityId,
      };
    case 'INDEPENDENT_ANSWER':
      return {
        kind: 'INDEPENDENT_ANSWER',
        formId: d.formId,
        questionId: d.questionId,
        possibilityId: d.possibilityId,
      };
    case 'PATHWAY':
      return { kind: 'PATHWAY', processId: d.processId };
    case 'PATHWAY_DATA_EVENT':
      return { kind: 'PATHWAY_DATA_EVENT', processId: d.processId, dataEventId: d.dataEventId };
    case 'SITE_DATA_EVENT':
      return { kind: 'SITE_DATA_EVENT', siteId: d.siteId, dataEventId: d.dataEventId };
    default: {
      const never: never = d.kind;
      return never;
    }
  }
}

type Choice = { value: string; label: string };
type Texts = { text: (localized: Record<string, string | undefined> | null | undefined) => string };

/**
 * The choices of each select for the draft so far (001 §2 cascade site → data event → form →
 * question → possibility): data events of the chosen pathway (or of every pathway), forms of the
 * chosen data event (or every form with a choice question), choice questions of the form, and
 * the question's possibilities.
 */
export function choicesFor(
  options: DataFilterOptions,
  draft: FilterDraft,
  { text }: Texts,
): Record<FilterField, Choice[]> {
  const processes = draft.processId
    ? options.processes.filter((p) => p.id === draft.processId)
    : options.processes;
  const isManyProcesses = processes.length > 1;
  const dataEvents: Choice[] = [];
  for (const process of processes) {
    for (const event of process.dataEvents) {
      if (dataEvents.some((c) => c.value === event.id)) continue;
      const name = text(event.name) || event.id;
      dataEvents.push({ value: event.id, label: isManyProcesses ? `${process.name} · ${name}` : name });
    }
  }
  const withChoices = options.forms.filter((f) => f.questions.some((q) => q.possibilities.length > 0));
  let forms = withChoices;
  if (draft.dataEventId) {
    const formIds = new Set(
      options.processes.flatMap((p) =>
        p.dataEvents.filter((e) => e.id === draft.dataEventId).flatMap((e) => e.formIds),
      ),
    );
    forms = withChoices.filter((f) => formIds.has(f.id));
  }
  const form = options.forms.find((f) => f.id === draft.formId);
  const questions = (form?.questions ?? []).filter((q) => q.possibilities.length > 0);
  const question = questions.find((q) => q.id === draft.questionId);
  return {
    siteId: options.sites.map((s) => ({ value: s.id, label: s.name })),
    processId: options.processes.map((p) => ({ value: p.id, label: p.name })),
    dataEventId: dataEvents,
    formId: forms.map((f) => ({ value: f.id, label: f.name })),
    questionId: questions.map((q) => ({ value: q.id, label: `${q.order}. ${text(q.text) || q.id}` })),
    possibilityId: (question?.possibilities ?? []).map((p) => ({
      value: p.id,
      label: text(p.text) || p.id,
    })),
  };
}

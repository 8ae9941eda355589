import type { ExternalDataChoices, ExternalDataMapping } from '@trialbase/domain';

type Question = ExternalDataChoices['events'][number]['forms'][number]['questions'][number];

const SUBJECT_HEADER = /patient|subject|participant|proband|^id$/i;
const DATE_HEADER = /date|drawn|datum|dato|time/i;

function normalized(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/**
 * A first mapping for a file's header (the user changes what is wrong): the subject and date
 * columns by their usual names, each importable question by its id or its text in any language.
 */
export function guessMapping(header: readonly string[], questions: readonly Question[]): ExternalDataMapping {
  const subjectIdColumn = header.find((h) => SUBJECT_HEADER.test(h)) ?? header[0] ?? '';
  const eventDateColumn = header.find((h) => h !== subjectIdColumn && DATE_HEADER.test(h)) ?? '';
  const used = new Set([subjectIdColumn, eventDateColumn]);
  const mapped: Record<string, string> = {};
  for (const question of questions) {
    if (!question.isImportable) continue;
    const names = [question.id, ...Object.values(question.question)].filter(Boolean).map(normalized);
    const column = header.find((h) => !used.has(h) && names.includes(normalized(h)));
    if (column) {
      mapped[question.id] = column;
      used.add(column);
    }
  }
  return { subjectIdColumn, eventDateColumn, questions: mapped };
}

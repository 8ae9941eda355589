import {
  type FormTemplate,
  FormTemplateSchema,
  type Possibility,
  PossibilitySchema,
  type Question,
  QuestionSchema,
  type QuestionType,
  type TableColumn,
  type TableRow,
} from '@trialbase/domain';

/** A 24-character hex id, time-prefixed like the server's (DESIGN.md ids), for new parts of a draft. */
export function newLocalId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return (seconds + random).slice(0, 24);
}

export function newPossibility(language: string, text: string): Possibility {
  return PossibilitySchema.parse({ id: newLocalId(), possibility: { [language]: text } });
}

export function newTableRow(language: string, text: string): TableRow {
  return { id: newLocalId(), title: { [language]: text }, exportLabel: '' };
}

export function newTableColumn(language: string, text: string): TableColumn {
  return {
    id: newLocalId(),
    title: { [language]: text },
    type: 'NUMBER',
    exportLabel: '',
    floatingNumber: false,
  };
}

type Texts = {
  question: string;
  possibility: (n: number) => string;
  yes: string;
  no: string;
  row: string;
  column: string;
};

/** A new question of `type` with the settings its editor needs to start valid where it can. */
export function newQuestion(type: QuestionType, order: number, language: string, texts: Texts): Question {
  const question = QuestionSchema.parse({
    id: newLocalId(),
    type,
    order,
    question: { [language]: texts.question },
  });
  switch (type) {
    case 'YES_NO':
      return {
        ...question,
        possibilities: [newPossibility(language, texts.yes), newPossibility(language, texts.no)],
      };
    case 'MULTIPLE_CHOICE':
    case 'MULTIPLE_RESPONSE':
      return { ...question, possibilities: [newPossibility(language, texts.possibility(1))] };
    case 'SMILEY':
      return {
        ...question,
        possibilities: [1, 2, 3, 4, 5].map((n) => ({
          ...newPossibility(language, String(n)),
          scoreValue: n,
        })),
      };
    case 'SLIDER':
      return { ...question, minValue: 0, maxValue: 10 };
    case 'TABLE':
      return {
        ...question,
        tableRow: [newTableRow(language, `${texts.row} 1`)],
        tableCol: [newTableColumn(language, `${texts.column} 1`)],
      };
    default:
      return question;
  }
}

/** An empty draft form (spec 001 §3 form) in the study's primary language. */
export function newFormTemplate(language: string): FormTemplate {
  return FormTemplateSchema.parse({ id: '', title: { [language]: '' }, type: 'TYPE_FORM', language });
}

/** Orders renumbered 1..n in list order (spec 001 §3 positions, DESIGN.md). */
export function renumber(questions: readonly Question[]): Question[] {
  return questions.map((q, i) => (q.order === i + 1 ? q : { ...q, order: i + 1 }));
}

/**
 * The system library of ready forms (spec 001 §7 GET /system/formTemplates/active), seeded on
 * first use. PHQ-9 and GAD-7 (Pfizer; free to reproduce, no permission required) with their item
 * wording and score; the EQ-5D-5L as structure with placeholder texts (licensed wording).
 */
import {
  buildEq5dForm,
  type FormTemplateDocument,
  FormTemplateDocumentSchema,
  type FormType,
  type QuestionInput,
} from '@trialbase/domain';

type Scale = { labels: readonly string[]; scores: readonly number[] };

const FREQUENCY: Scale = {
  labels: ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'],
  scores: [0, 1, 2, 3],
};

const DIFFICULTY: Scale = {
  labels: ['Not difficult at all', 'Somewhat difficult', 'Very difficult', 'Extremely difficult'],
  scores: [0, 1, 2, 3],
};

function choice(
  prefix: string,
  order: number,
  text: string,
  scale: Scale,
  extra: Partial<QuestionInput> = {},
) {
  const id = `${prefix}-q${order}`;
  return {
    id,
    order,
    type: 'MULTIPLE_CHOICE' as const,
    required: true,
    exportLabel: `${prefix.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}${order}`,
    question: { en: text },
    possibilities: scale.labels.map((label, i) => ({
      id: `${id}-p${i + 1}`,
      order: i + 1,
      scoreValue: scale.scores[i] ?? null,
      possibility: { en: label },
    })),
    ...extra,
  };
}

function scoredForm(input: {
  id: string;
  title: string;
  intro: string;
  items: readonly string[];
  after?: QuestionInput[];
  scoreLabel: string;
}): FormTemplateDocument {
  const items = input.items.map((text, i) => choice(input.id, i + 1, text, FREQUENCY));
  const after = input.after ?? [];
  const scoreOrder = items.length + after.length + 1;
  return FormTemplateDocumentSchema.parse({
    id: input.id,
    title: { en: input.title },
    type: 'TYPE_FORM',
    score: true,
    showInfoText: true,
    infoText: { en: `<p>${input.intro}</p>` },
    questions: [
      ...items,
      ...after,
      {
        id: `${input.id}-score`,
        order: scoreOrder,
        type: 'CALCULATED',
        question: { en: 'Total score' },
        calculationFormula: items.map((_, i) => `Q${i + 1}`).join('+'),
        calculationDecimals: 0,
        exportLabel: input.scoreLabel,
      },
    ],
  });
}

const PHQ9_ITEMS = [
  'Little interest or pleasure in doing things',
  'Feeling down, depressed, or hopeless',
  'Trouble falling or staying asleep, or sleeping too much',
  'Feeling tired or having little energy',
  'Poor appetite or overeating',
  'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
  'Trouble concentrating on things, such as reading the newspaper or watching television',
  'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
  'Thoughts that you would be better off dead or of hurting yourself in some way',
];

const GAD7_ITEMS = [
  'Feeling nervous, anxious or on edge',
  'Not being able to stop or control worrying',
  'Worrying too much about different things',
  'Trouble relaxing',
  'Being so restless that it is hard to sit still',
  'Becoming easily annoyed or irritable',
  'Feeling afraid as if something awful might happen',
];

/** PHQ-9: nine frequency items (0-3), the difficulty item (not scored) and the total 0-27. */
export function buildPhq9Form(): FormTemplateDocument {
  return scoredForm({
    id: 'system-phq9',
    title: 'PHQ-9',
    intro: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
    items: PHQ9_ITEMS,
    after: [
      choice(
        'system-phq9',
        10,
        'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?',
        DIFFICULTY,
        { required: false },
      ),
    ],
    scoreLabel: 'PHQ9TOTAL',
  });
}

/** GAD-7: seven frequency items (0-3) and the total 0-21. */
export function buildGad7Form(): FormTemplateDocument {
  return scoredForm({
    id: 'system-gad7',
    title: 'GAD-7',
    intro: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
    items: GAD7_ITEMS,
    scoreLabel: 'GAD7TOTAL',
  });
}

/** The seed of the system library. */
export function systemLibraryForms(): {
  id: string;
  name: string;
  type: FormType;
  document: FormTemplateDocument;
}[] {
  return [buildEq5dForm('system-eq5d5l'), buildPhq9Form(), buildGad7Form()].map((document) => ({
    id: document.id,
    name: document.title.en ?? document.id,
    type: document.type,
    document,
  }));
}

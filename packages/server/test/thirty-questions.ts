/**
 * The 30-question form of the write measurements (issue 16: "a participant submit of a 30-answer
 * form"), shared by the statement-count test, the load script (test/load/submit-load.ts) and the
 * write benchmark (bench/lib/write-study.ts): the question kinds a questionnaire mixes, numbers,
 * sentences and single choices. Plain data, no server imports.
 */
export const THIRTY_QUESTIONS = Array.from({ length: 30 }, (_, i) => {
  const id = `q${i + 1}`;
  const base = { id, order: i + 1, question: { en: `Question ${i + 1}` } };
  if (i % 3 === 0) return { ...base, type: 'NUMBER', required: true, minValue: 0, maxValue: 100 };
  if (i % 3 === 1) return { ...base, type: 'TEXT_SENTENCE' };
  return {
    ...base,
    type: 'MULTIPLE_CHOICE',
    possibilities: [
      { id: `${id}a`, possibility: { en: 'No' } },
      { id: `${id}b`, possibility: { en: 'Yes' } },
    ],
  };
});

/** A full set of 30 answers; the seed varies them so an update really changes every answer. */
export function thirtyAnswers(seed: number) {
  return THIRTY_QUESTIONS.map((q, i) => {
    if (i % 3 === 0) return { question: q.id, answerStrings: [String((seed + i) % 100)] };
    if (i % 3 === 1) return { question: q.id, answerStrings: [`answer ${seed} ${i}`] };
    return { question: q.id, answerStrings: [], possibilities: [`${q.id}${seed % 2 === 0 ? 'a' : 'b'}`] };
  });
}

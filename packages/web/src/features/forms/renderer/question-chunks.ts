import type { FormTemplate, Question, QuestionType } from '@trialbase/domain';

// The inputs that load as chunks of their own (issue 8 item 6: a form without them stays small):
// those of six question types, the dropdown of a MULTIPLE_CHOICE shown as one, and the drawing card
// of an image-chart form. One import function each, shared by the renderer's components and by
// `preloadQuestionChunks`, so a page that knows its form early asks for them beside the rest of its
// code instead of after its first render (issue 16 item 6: no waterfall before the first screenful).
export const questionChunks = {
  SLIDER: () => import('./questions/slider-question'),
  TABLE: () => import('./questions/table-question'),
  TIME_DURATION: () => import('./questions/time-duration-question'),
  FILE: () => import('./questions/file-question'),
  IMAGE: () => import('./questions/image-question'),
  SMILEY: () => import('./questions/smiley-question'),
  DROPDOWN: () => import('./questions/dropdown-choice'),
  IMAGE_CHART: () => import('./image-chart/image-chart-card'),
} satisfies Partial<Record<QuestionType | 'DROPDOWN' | 'IMAGE_CHART', () => Promise<unknown>>>;

/** The chunks a form's inputs need (see `questionChunks`). */
function chunksOf(
  form: Pick<FormTemplate, 'type'> & { questions: readonly Pick<Question, 'type' | 'isDropdown'>[] },
) {
  const needed = new Set<string>();
  if (form.type === 'TYPE_IMAGE_CHART') needed.add('IMAGE_CHART');
  for (const q of form.questions) {
    needed.add(q.type);
    if (q.type === 'MULTIPLE_CHOICE' && q.isDropdown) needed.add('DROPDOWN');
  }
  return needed;
}

type QuestionChunks = typeof questionChunks;
export type ChunkedType = keyof QuestionChunks;
export type QuestionChunk<K extends ChunkedType> = Awaited<ReturnType<QuestionChunks[K]>>;

// Keyed by type; each entry holds that type's chunk (the accessors below give it its type back).
const loaded = new Map<ChunkedType, unknown>();
const loading = new Map<ChunkedType, Promise<unknown>>();

/** A type's chunk once it has arrived: the renderer draws it at once, without a fallback. */
export function loadedQuestionChunk<K extends ChunkedType>(type: K): QuestionChunk<K> | undefined {
  return loaded.get(type) as QuestionChunk<K> | undefined;
}

/** A type's chunk, asked for once: the same promise every time (React's `use` needs a stable one). */
export function loadQuestionChunk<K extends ChunkedType>(type: K): Promise<QuestionChunk<K>> {
  const started = loading.get(type) as Promise<QuestionChunk<K>> | undefined;
  if (started) return started;
  const load = questionChunks[type] as () => Promise<QuestionChunk<K>>;
  const promise = load().then(
    (chunk) => {
      loaded.set(type, chunk);
      return chunk;
    },
    (error: unknown) => {
      // A failed download may be asked for again (the next render retries).
      loading.delete(type);
      throw error;
    },
  );
  loading.set(type, promise);
  return promise;
}

/**
 * Starts loading the chunks the given forms' inputs need; resolves when they have arrived
 * (failures are left to the render, which asks again). A page that waits for it before drawing a
 * form draws every question at once, instead of fallbacks React reveals later (issue 16 item 6).
 */
export function preloadQuestionChunks(forms: readonly Parameters<typeof chunksOf>[0][]): Promise<void> {
  const needed = new Set(forms.flatMap((form) => [...chunksOf(form)]));
  const loads = (Object.keys(questionChunks) as ChunkedType[])
    .filter((type) => needed.has(type) && !loaded.has(type))
    .map((type) => loadQuestionChunk(type).catch(() => undefined));
  return Promise.all(loads).then(() => undefined);
}

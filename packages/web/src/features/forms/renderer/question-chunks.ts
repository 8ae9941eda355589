import type { QuestionType } from '@trialbase/domain';

// The question types whose inputs load as chunks of their own (issue 8 item 6: a form without them
// stays small). One import function per type, shared by the renderer's lazy components and by
// `preloadQuestionChunks`, so a page that knows its form early asks for them beside the rest of its
// code instead of after its first render (issue 16 item 6: no waterfall before the first screenful).
export const questionChunks = {
  SLIDER: () => import('./questions/slider-question'),
  TABLE: () => import('./questions/table-question'),
  TIME_DURATION: () => import('./questions/time-duration-question'),
  FILE: () => import('./questions/file-question'),
  IMAGE: () => import('./questions/image-question'),
  SMILEY: () => import('./questions/smiley-question'),
} satisfies Partial<Record<QuestionType, () => Promise<unknown>>>;

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
 * Starts loading the chunks of the given forms' question types; resolves when they have arrived
 * (failures are left to the render, which asks again). A page that waits for it before drawing a
 * form draws every question at once, instead of fallbacks React reveals later (issue 16 item 6).
 */
export function preloadQuestionChunks(
  forms: readonly { questions: readonly { type: string }[] }[],
): Promise<void> {
  const types = new Set(forms.flatMap((form) => form.questions.map((q) => q.type)));
  const loads = (Object.keys(questionChunks) as ChunkedType[])
    .filter((type) => types.has(type) && !loaded.has(type))
    .map((type) => loadQuestionChunk(type).catch(() => undefined));
  return Promise.all(loads).then(() => undefined);
}

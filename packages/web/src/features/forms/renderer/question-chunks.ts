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

/** Starts loading the chunks of the given forms' question types (once each; failures are left to the render). */
export function preloadQuestionChunks(forms: readonly { questions: readonly { type: string }[] }[]): void {
  const types = new Set(forms.flatMap((form) => form.questions.map((q) => q.type)));
  for (const [type, load] of Object.entries(questionChunks)) {
    if (types.has(type)) load().catch(() => undefined);
  }
}

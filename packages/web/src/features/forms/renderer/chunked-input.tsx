import { Loader } from '@mantine/core';
import { type ReactNode, Suspense, use } from 'react';
import {
  type ChunkedType,
  loadedQuestionChunk,
  loadQuestionChunk,
  type QuestionChunk,
} from './question-chunks';

/**
 * An input that loads as a chunk of its own (question-chunks.ts), inside `Deferred`: drawn at once
 * when its chunk has arrived (the fill page waits for them with its data), else after a loader. The
 * element tree is the same either way, so the input keeps its state when the chunk arrives.
 */
export function ChunkedInput<K extends ChunkedType>({
  type,
  render,
}: {
  type: K;
  render: (chunk: QuestionChunk<K>) => ReactNode;
}) {
  return render(loadedQuestionChunk(type) ?? use(loadQuestionChunk(type)));
}

/** The boundary of chunked inputs: a small loader while a chunk is still on its way. */
export function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loader size="sm" />}>{children}</Suspense>;
}

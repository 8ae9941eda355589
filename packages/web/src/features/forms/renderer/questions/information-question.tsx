import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import type { QuestionInputProps } from '../question-props';
import { useSanitizerReady } from '../rich-text';
import { pickText, sanitizeRichText, toPlainText } from '../text';

/** INFORMATION: the author's rich text, sanitised with DOMPurify on render; no answer (spec 001 §3). */
export function InformationQuestion({ question, language, labelId }: QuestionInputProps) {
  const isReady = useSanitizerReady();
  const text = pickText(question.question, language);
  // Null while DOMPurify loads (its own chunk).
  // biome-ignore lint/correctness/useExhaustiveDependencies: isReady: the markup once DOMPurify has loaded
  const html = useMemo(() => sanitizeRichText(text), [text, isReady]);
  return (
    <Typography id={labelId}>
      {html === null ? (
        <div>{toPlainText(text)}</div>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
        <div dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </Typography>
  );
}

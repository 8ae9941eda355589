import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import type { QuestionInputProps } from '../question-props';
import { pickText, sanitizeRichText } from '../text';

/** INFORMATION: the author's rich text, sanitised with DOMPurify on render; no answer (spec 001 §3). */
export function InformationQuestion({ question, language, labelId }: QuestionInputProps) {
  const html = useMemo(
    () => sanitizeRichText(pickText(question.question, language)),
    [question.question, language],
  );
  return (
    <Typography id={labelId}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

import { Box, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Authors' rich text (intro, consent, study description), sanitised; plain text keeps its line breaks. */
export function RichText({ text, testId }: { text: string; testId?: string }) {
  const html = useMemo(() => DOMPurify.sanitize(text, { USE_PROFILES: { html: true } }), [text]);
  const isPlain = !/<[a-z][\s\S]*>/i.test(text);
  return (
    <Typography>
      <Box
        data-testid={testId}
        // Issue 18 item 6: the author's text takes its own direction on a right-to-left page.
        dir="auto"
        style={isPlain ? { whiteSpace: 'pre-line' } : undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Typography>
  );
}

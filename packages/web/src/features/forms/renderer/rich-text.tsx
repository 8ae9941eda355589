import { useMemo } from 'react';
import { sanitizeRichText } from './text';

/** Author text that may hold rich text, sanitised with DOMPurify before it reaches the page. */
export function RichText({ html, inline = false }: { html: string; inline?: boolean }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  const Tag = inline ? 'span' : 'div';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <Tag dangerouslySetInnerHTML={{ __html: clean }} />;
}

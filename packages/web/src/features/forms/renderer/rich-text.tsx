import { isRichText, sanitizeRichText } from './text';

/**
 * Author text that may hold rich text. Plain text is rendered as text (React escapes it); only real
 * markup is sanitised with DOMPurify, once per distinct text (issue 16 item 6).
 */
export function RichText({ html, inline = false }: { html: string; inline?: boolean }) {
  const Tag = inline ? 'span' : 'div';
  if (!isRichText(html)) return <Tag>{html}</Tag>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (sanitizeRichText)
  return <Tag dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}

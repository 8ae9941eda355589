import { useSyncExternalStore } from 'react';
import { isRichText, isSanitizerReady, sanitizeRichText, subscribeSanitizer, toPlainText } from './text';

/** Whether DOMPurify has loaded; a component reading it renders again once it has. */
export function useSanitizerReady(): boolean {
  return useSyncExternalStore(subscribeSanitizer, isSanitizerReady, isSanitizerReady);
}

/**
 * Author text that may hold rich text. Plain text is rendered as text (React escapes it); only real
 * markup is sanitised with DOMPurify, once per distinct text (issue 16 item 6). `dir="auto"`: the
 * text takes its own direction (issue 18 item 6), so an English question on a right-to-left page
 * keeps its question mark at its end.
 */
export function RichText({
  html,
  inline = false,
  isDirectionFromParent = false,
}: {
  html: string;
  inline?: boolean;
  /** The parent sets `dir="auto"` around this text and what belongs with it (a question's number). */
  isDirectionFromParent?: boolean;
}) {
  const Tag = inline ? 'span' : 'div';
  const dir = isDirectionFromParent ? undefined : 'auto';
  // Plain text needs no sanitiser, nor a subscription to its loading (one per question label).
  if (!isRichText(html)) return <Tag dir={dir}>{html}</Tag>;
  return <SanitizedText html={html} Tag={Tag} dir={dir} />;
}

function SanitizedText({ html, Tag, dir }: { html: string; Tag: 'span' | 'div'; dir: 'auto' | undefined }) {
  useSanitizerReady();
  const safe = sanitizeRichText(html);
  // The sanitiser is loading (its own chunk): the text without markup until it is there.
  if (safe === null) return <Tag dir={dir}>{toPlainText(html)}</Tag>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (sanitizeRichText)
  return <Tag dir={dir} dangerouslySetInnerHTML={{ __html: safe }} />;
}

import type { LocalizedText } from '@trialbase/domain';
import DOMPurify from 'dompurify';

/** A form text in `language`, else the first language that has one (spec 000 §1 study languages). */
export function pickText(text: LocalizedText | null | undefined, language: string, fallback = 'en'): string {
  if (!text) return '';
  const byCode = text as Record<string, string | undefined>;
  return byCode[language] || byCode[fallback] || Object.values(byCode).find((t) => t) || '';
}

/** Author rich text is sanitised on render too (issue 5: sanitised on save and on render). */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** Plain text of author rich text, for accessible names and option labels. */
export function toPlainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const doc = new DOMParser().parseFromString(sanitizeRichText(html), 'text/html');
  return (doc.body.textContent ?? '').trim();
}

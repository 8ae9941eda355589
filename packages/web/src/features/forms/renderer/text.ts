import type { LocalizedText } from '@trialbase/domain';

/** A form text in `language`, else the first language that has one (spec 000 §1 study languages). */
export function pickText(text: LocalizedText | null | undefined, language: string, fallback = 'en'): string {
  if (!text) return '';
  const byCode = text as Record<string, string | undefined>;
  return byCode[language] || byCode[fallback] || Object.values(byCode).find((t) => t) || '';
}

/**
 * The language `pickText` takes the text from: `language` when the text has it, else the fallback,
 * else the first language that has one; null for no text (issue 18 item 6: the page says so).
 */
export function pickTextLanguage(
  text: LocalizedText | null | undefined,
  language: string,
  fallback = 'en',
): string | null {
  if (!text) return null;
  const byCode = text as Record<string, string | undefined>;
  if (byCode[language]) return language;
  if (byCode[fallback]) return fallback;
  return Object.keys(byCode).find((code) => byCode[code]) ?? null;
}

/**
 * A value put into a sentence (an email address, a language name) isolated with the Unicode
 * first-strong isolate marks, so it keeps its own direction inside a right-to-left sentence
 * (issue 18 item 6): "participant-7@example.org" stays whole in an Arabic text.
 */
export function isolateText(value: string): string {
  return `\u2068${value}\u2069`;
}

/**
 * Whether author text is markup at all. Text without `<` or `&` reads the same as text and as
 * HTML, so it is rendered as a text node and never goes through the sanitiser (issue 16 item 6).
 */
export function isRichText(text: string): boolean {
  return /[<&]/.test(text);
}

// A form version's texts do not change: each distinct text is sanitised once per page, not per
// render or per mounted question. Bounded so a long staff session does not grow without limit.
const CACHE_LIMIT = 4000;
const sanitised = new Map<string, string>();
const plain = new Map<string, string>();

function remember(cache: Map<string, string>, key: string, value: string): string {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

// The sanitiser is its own chunk (issue 16 items 5-6): a form without markup never downloads it.
type Sanitizer = { sanitize(html: string, config: { USE_PROFILES: { html: boolean } }): string };
let sanitizer: Sanitizer | null = null;
let loading: Promise<void> | null = null;
const sanitizerListeners = new Set<() => void>();

/** Loads DOMPurify once; the texts waiting for it render again when it is there. */
export function loadSanitizer(): Promise<void> {
  loading ??= import('dompurify').then((module) => {
    sanitizer = module.default;
    for (const listener of sanitizerListeners) listener();
  });
  return loading;
}

export function isSanitizerReady(): boolean {
  return sanitizer !== null;
}

export function subscribeSanitizer(listener: () => void): () => void {
  sanitizerListeners.add(listener);
  return () => sanitizerListeners.delete(listener);
}

/**
 * Author rich text is sanitised on render too (issue 5: sanitised on save and on render); memoised
 * per text. Null while the sanitiser loads (the call starts loading it): show `toPlainText` meanwhile.
 */
export function sanitizeRichText(html: string): string | null {
  if (!isRichText(html)) return html;
  const known = sanitised.get(html);
  if (known !== undefined) return known;
  if (!sanitizer) {
    void loadSanitizer();
    return null;
  }
  return remember(sanitised, html, sanitizer.sanitize(html, { USE_PROFILES: { html: true } }));
}

/**
 * Plain text of author rich text, for accessible names and option labels. A document made by
 * DOMParser is inert (no script runs, nothing is fetched), so reading its text needs no sanitiser;
 * the text of elements that are no content (scripts, styles) is left out, as the sanitiser would.
 */
export function toPlainText(html: string): string {
  if (!isRichText(html)) return html;
  const known = plain.get(html);
  if (known !== undefined) return known;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.body.querySelectorAll('script, style, template, noscript')) element.remove();
  return remember(plain, html, (doc.body.textContent ?? '').trim());
}

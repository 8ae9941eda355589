/**
 * Author rich text is sanitised before it is stored (DESIGN.md rich text; spec 001 §5 intro
 * text, custom footer, help texts and information questions are HTML written in the builder).
 */
import type { FormTemplateDocument, LocalizedText } from '@trialbase/domain';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'span',
    'sub',
    'sup',
    'hr',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/** One HTML fragment with only basic formatting and safe links kept. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

function sanitizeLocalized(text: LocalizedText | undefined): LocalizedText | undefined {
  if (!text) return text;
  return Object.fromEntries(
    Object.entries(text).map(([language, value]) => [
      language,
      typeof value === 'string' ? sanitizeRichText(value) : value,
    ]),
  ) as LocalizedText;
}

/** The form with its rich texts sanitised: intro text, footer, help texts, information question texts. */
export function sanitizeFormDocument(form: FormTemplateDocument): FormTemplateDocument {
  return {
    ...form,
    infoText: sanitizeLocalized(form.infoText),
    customFooter: sanitizeLocalized(form.customFooter),
    questions: form.questions.map((q) => ({
      ...q,
      helpText: sanitizeLocalized(q.helpText),
      question: q.type === 'INFORMATION' ? (sanitizeLocalized(q.question) ?? {}) : q.question,
    })),
  };
}

/**
 * The texts of a data event's link messages (spec 001 §3 data event subjectText, emailText,
 * smsText per language with the `{link}` placeholder; issue 6 item 5: sent in the subject's language).
 */
import type { LocalizedText } from '../common/languages';
import { messageLanguages } from '../common/message-language';
import type { DataEvent } from '../processes/model';
import { DATA_EVENT_LINK_PLACEHOLDER } from '../processes/model';

export type MessageChannel = 'EMAIL' | 'SMS';

/** Why a message is sent: the first link at activation, a reminder, or a staff resend. */
export type MessagePurpose = 'ACTIVATION' | 'REMINDER' | 'RESEND';

/**
 * The product's own texts of a link message (issue 18 item 3): the server reads them from its
 * i18next catalogs. Each gets the languages to try, best first (`messageLanguages`), and answers
 * in the first that has the text.
 */
export type LinkMessageTexts = {
  /** The subject line when the event has no subject text in any language. */
  defaultSubject(languages: readonly string[]): string;
  /** The body when the event has no text for the channel in any language, with the link in it. */
  defaultBody(languages: readonly string[], link: string): string;
  /** "Reminder:" before a reminder's subject line (before the SMS text). */
  reminderPrefix(languages: readonly string[]): string;
};

/** The participant's personal link (spec 002 §2 token validation page `/public/{studyId}/{token}`). */
export function participantLink(publicBaseUrl: string, studyId: string, linkToken: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/public/${studyId}/${linkToken}`;
}

/**
 * Issue 6 item 5: the language of a text: the subject's language, else the study's primary
 * language, else the first language that has a non-empty text.
 */
export function pickLocalizedText(
  text: LocalizedText | undefined,
  languages: { subject: string | null; primary: string },
): { language: string; text: string } | null {
  if (!text) return null;
  const entries = Object.entries(text).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  const found =
    entries.find(([code]) => code === languages.subject) ??
    entries.find(([code]) => code === languages.primary) ??
    entries[0];
  return found ? { language: found[0], text: found[1] } : null;
}

/** Replaces every `{link}` with the link; appends the link when the text has no placeholder. */
export function insertLink(text: string, link: string): string {
  if (text.includes(DATA_EVENT_LINK_PLACEHOLDER)) return text.split(DATA_EVENT_LINK_PLACEHOLDER).join(link);
  return `${text.trimEnd()}\n\n${link}`;
}

export type LinkMessage = { subject: string | null; body: string; language: string };

/**
 * Spec 001 §3 / issue 6 item 5: the email or SMS for a data event's link in the subject's
 * language. Email: subjectText as subject line, emailText as body; SMS: smsText, no subject.
 * Reminders carry a localized "Reminder:" prefix on the subject line (on the SMS body). The
 * author's texts win; the product's defaults (`texts`) fill in where the event has none, in the
 * subject's language, else the study's primary language, else English (issue 18 item 3).
 */
export function buildLinkMessage(input: {
  event: Pick<DataEvent, 'subjectText' | 'emailText' | 'smsText'>;
  channel: MessageChannel;
  purpose: MessagePurpose;
  languages: { subject: string | null; primary: string };
  link: string;
  texts: LinkMessageTexts;
}): LinkMessage {
  const { event, channel, languages, link, texts } = input;
  const fallback = messageLanguages({ recipient: languages.subject, primary: languages.primary });
  const bodyText = pickLocalizedText(channel === 'EMAIL' ? event.emailText : event.smsText, languages);
  const language = bodyText?.language ?? fallback[0];
  // Product texts around an author's text follow the author's text's language.
  const chain = messageLanguages({ recipient: language, primary: languages.primary });
  const body = bodyText ? insertLink(bodyText.text, link) : texts.defaultBody(chain, link);
  const prefix = input.purpose === 'REMINDER' ? texts.reminderPrefix(chain) : null;
  if (channel === 'SMS') return { subject: null, body: prefix ? `${prefix} ${body}` : body, language };
  const subjectText =
    pickLocalizedText(event.subjectText, { subject: language, primary: languages.primary })?.text ??
    texts.defaultSubject(chain);
  // A subject line is one line, and the link belongs in the body only.
  const subjectLine = subjectText.split(DATA_EVENT_LINK_PLACEHOLDER).join('').replace(/\s+/g, ' ').trim();
  return { subject: prefix ? `${prefix} ${subjectLine}` : subjectLine, body, language };
}

/** Sending a token's personal link by the data event's channels (spec 001 §3 send-out; issue 6 item 5). */
import {
  buildLinkMessage,
  type DataEvent,
  type LinkMessageTexts,
  type MessageChannel,
  type MessagePurpose,
  participantLink,
  type SendOutResult,
  type SendOutType,
} from '@trialbase/domain';
import type { Config } from '../../../../platform/config';
import { t } from '../../../../platform/i18n/i18n';
import { queueMessage } from '../../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../../platform/use-case';
import { setNotificationOutboxIds, type TokenRow } from '../repo';

/** The product's link texts where the event has none (locales/{lng}/enrollments.json; issue 18 item 3). */
const LINK_TEXTS: LinkMessageTexts = {
  defaultSubject: (languages) => t(languages, 'enrollments:LINK_MESSAGE.DEFAULT_SUBJECT'),
  defaultBody: (languages, link) => t(languages, 'enrollments:LINK_MESSAGE.DEFAULT_BODY', { link }),
  reminderPrefix: (languages) => t(languages, 'enrollments:LINK_MESSAGE.REMINDER_PREFIX'),
};

/** What the schedule needs from outside: where participant links point. */
export type ScheduleEnv = { publicBaseUrl: string };

/**
 * Links in scheduled messages point at PUBLIC_URL; without it at the local address (the job has
 * no request to take an origin from, and a staff call must send the same link as the job).
 */
export function scheduleEnvOf(config: Pick<Config, 'publicUrl' | 'port'>): ScheduleEnv {
  return { publicBaseUrl: (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '') };
}

/** How the subject can be reached, read from the subject's attributes. */
export type SubjectContact = { email: string | null; mobile: string | null; language: string | null };

function channelsOf(sendAs: SendOutType): MessageChannel[] {
  switch (sendAs) {
    case 'SEND_AS_EMAIL':
      return ['EMAIL'];
    case 'SEND_AS_SMS':
      return ['SMS'];
    case 'SEND_AS_BOTH':
      return ['EMAIL', 'SMS'];
    case 'NO_SEND_OUT':
      return [];
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A mobile number as a string, or spec 002's list of `{ number, countryCode }` (first one). */
function mobileOf(value: unknown): string | null {
  if (typeof value === 'string') return text(value);
  if (!Array.isArray(value)) return null;
  const first = value[0] as { number?: unknown; countryCode?: unknown } | undefined;
  const number = text(first?.number);
  if (!number) return null;
  const code = Number(first?.countryCode ?? 0);
  return code > 0 ? `+${code}${number.replace(/^0+/, '')}` : number;
}

/** The subject's email, mobile and language from the subject's attributes (spec 000 §3). */
export function contactOf(attributes: Record<string, unknown> | null | undefined): SubjectContact {
  return {
    email: text(attributes?.email),
    mobile: mobileOf(attributes?.mobileNumber),
    language: text(attributes?.language),
  };
}

/**
 * Queues the link message on each channel of the event's send-out, in the subject's language,
 * and records on the notification which outbox rows it wrote. A channel without an address is
 * skipped and reported. The link itself is never written to the audit trail or the logs.
 */
export async function sendTokenLink(
  ctx: UseCaseContext,
  input: {
    token: TokenRow;
    event: Pick<DataEvent, 'sendAs' | 'subjectText' | 'emailText' | 'smsText'>;
    purpose: MessagePurpose;
    kind: string;
    contact: SubjectContact;
    languages: { subject: string | null; primary: string };
    env: ScheduleEnv;
  },
): Promise<SendOutResult[]> {
  const { token, contact } = input;
  const link = participantLink(input.env.publicBaseUrl, token.studyId, token.token);
  const results: SendOutResult[] = [];
  const outboxIds: string[] = [];
  for (const channel of channelsOf(input.event.sendAs)) {
    const to = channel === 'EMAIL' ? contact.email : contact.mobile;
    if (!to) {
      results.push({ channel, sent: false, reason: 'NO_ADDRESS' });
      continue;
    }
    const message = buildLinkMessage({
      event: input.event,
      channel,
      purpose: input.purpose,
      languages: input.languages,
      link,
      texts: LINK_TEXTS,
    });
    outboxIds.push(
      await queueMessage(ctx, {
        channel,
        to,
        subject: message.subject,
        body: message.body,
        studyId: token.studyId,
      }),
    );
    results.push({ channel, sent: true, reason: null });
  }
  await setNotificationOutboxIds(ctx.tx, token.studyId, token.id, input.kind, outboxIds);
  const action =
    input.purpose === 'ACTIVATION'
      ? 'TOKEN_LINK_SENT'
      : input.purpose === 'REMINDER'
        ? 'TOKEN_REMINDER_SENT'
        : 'TOKEN_RESENT';
  await ctx.audit({
    action,
    entityType: 'TOKEN',
    entityId: token.id,
    studyId: token.studyId,
    after: { kind: input.kind, dataEventId: token.dataEventId, channels: results, outboxIds },
  });
  return results;
}

/**
 * The participant session cookie (issue 8: after a link, its consent and its code are done).
 * httpOnly, SameSite=Strict and limited to /api/public: the public pages never read it, they
 * only send it back. Other public calls of a link (getProcess, submit) require it.
 */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';
import type { Executor } from '../../platform/db/client';
import { forbidden, unauthenticated } from '../../platform/errors';
import { findParticipantSession, type ParticipantSessionState } from './repo';
import { sessionIdOf } from './service/link';

export const PARTICIPANT_COOKIE = 'tb_participant';

export function setParticipantCookie(
  reply: FastifyReply,
  req: FastifyRequest,
  config: Config,
  session: { secret: string; expiresAt: Date },
): void {
  reply.setCookie(PARTICIPANT_COOKIE, session.secret, {
    path: '/api/public',
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https' || (config.publicUrl?.startsWith('https://') ?? false),
    expires: session.expiresAt,
  });
}

/** 401 unless the request carries a live participant session for this token (spec 002 §8: go to token validation). */
export async function requireParticipantSession(
  db: Executor,
  req: FastifyRequest,
  input: { studyId: string; tokenId: string; now: Date },
): Promise<void> {
  const id = participantSessionIdOf(req);
  if (liveTokenOf(id ? await findParticipantSession(db, id) : null, input) !== input.tokenId) {
    throw noParticipantSession();
  }
}

/** The id of the participant session the request's cookie names, or null without the cookie. */
export function participantSessionIdOf(req: FastifyRequest): string | null {
  const secret = req.cookies[PARTICIPANT_COOKIE];
  return secret ? sessionIdOf(secret) : null;
}

/** The token of the live participant session the request carries in this study, else null. */
export async function participantTokenOf(
  db: Executor,
  req: FastifyRequest,
  input: { studyId: string; now: Date },
): Promise<string | null> {
  const id = participantSessionIdOf(req);
  return liveTokenOf(id ? await findParticipantSession(db, id) : null, input);
}

/** The token of a session that is live in this study, else null. */
function liveTokenOf(session: ParticipantSessionState | null, input: { studyId: string; now: Date }) {
  const isLive =
    session !== null &&
    session.studyId === input.studyId &&
    session.revokedAt === null &&
    session.expiresAt.getTime() > input.now.getTime();
  return isLive ? session.tokenId : null;
}

/**
 * Spec 002 §8 for the fill calls (submit, back, uploads): 401 without a live session (the page goes
 * back to token validation), 403 when the session belongs to another link of the study.
 */
export async function requireParticipantFor(
  db: Executor,
  req: FastifyRequest,
  input: { studyId: string; tokenId: string; now: Date },
): Promise<void> {
  const id = participantSessionIdOf(req);
  assertParticipantSessionFor(id ? await findParticipantSession(db, id) : null, input);
}

/** requireParticipantFor's check of a session already read (null: the request carries none, or an unknown one). */
export function assertParticipantSessionFor(
  session: ParticipantSessionState | null,
  input: { studyId: string; tokenId: string; now: Date },
): void {
  const tokenId = liveTokenOf(session, input);
  if (tokenId === null) throw noParticipantSession();
  if (tokenId !== input.tokenId) throw forbidden('This form belongs to another personal link.');
}

/** Spec 002 §8: the 401 of a call without a live participant session. */
export function noParticipantSession() {
  return unauthenticated('Open your personal link again to continue.');
}

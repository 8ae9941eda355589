import type { AccessUser, AuditActor } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../../platform/errors';

export function actorOf(req: FastifyRequest): AuditActor {
  return { type: 'USER', id: req.auth?.user.id ?? null };
}

export function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw forbidden();
  return req.access;
}

export function userIdOf(req: FastifyRequest): string {
  const id = req.auth?.user.id;
  if (!id) throw unauthenticated();
  return id;
}

import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Base address of links in emails (verification, reset, invitations). PUBLIC_URL when set.
 * Otherwise, outside production, the caller's own origin; in production never the Host
 * header (a forged Host would send a reset link to someone else's server, ASVS V5), but
 * the local address, and the server warns at start that PUBLIC_URL is missing.
 */
export function publicBaseUrl(req: FastifyRequest, config: Config): string {
  const base =
    config.publicUrl ??
    (config.env === 'production' ? `http://localhost:${config.port}` : `${req.protocol}://${req.host}`);
  return base.replace(/\/+$/, '');
}

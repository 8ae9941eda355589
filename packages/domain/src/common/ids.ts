import { z } from 'zod';

/** DESIGN.md database: ids are 24-character lowercase hex strings, time-prefixed like ObjectIds. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/** DESIGN.md database: participant link tokens are 32 characters from a CSPRNG, URL-safe. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** A record id (DESIGN.md database; spec public URLs expect 24 characters). */
export const IdSchema = z.string().regex(ID_PATTERN, 'Expected a 24-character lowercase hex id');
export type Id = z.infer<typeof IdSchema>;

/** A participant link token (DESIGN.md database; spec 002 public links). */
export const LinkTokenSchema = z.string().regex(LINK_TOKEN_PATTERN, 'Expected a 32-character link token');
export type LinkToken = z.infer<typeof LinkTokenSchema>;

/** DESIGN.md database: is this a well-formed 24-character lowercase hex id? */
export function isId(value: unknown): value is Id {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

import { z } from 'zod';

/** Staff login request (spec 000 §2 authentication.login). */
export const LoginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(128),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The signed-in staff user as the browser sees it. */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isSystemAdmin: z.boolean(),
  language: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Answer of login and of the session lookup; the CSRF token goes back in the `X-CSRF-Token` header. */
export const SessionSchema = z.object({
  user: SessionUserSchema,
  csrfToken: z.string(),
  expiresAt: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

/** Header that carries the CSRF token on every state-changing request. */
export const CSRF_HEADER = 'x-csrf-token';

/** Public facts about the running system the web app needs before anything else. */
export const SystemInfoSchema = z.object({
  product: z.literal('Trialbase'),
  version: z.string(),
  maintenanceMode: z.boolean(),
  defaultLanguage: z.string(),
});
export type SystemInfo = z.infer<typeof SystemInfoSchema>;

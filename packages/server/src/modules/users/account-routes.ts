import {
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  VerifyEmailRequestSchema,
} from '@trialbase/domain';
import { z } from 'zod';
import { defineRoute } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { publicBaseUrl } from '../../platform/http/public-url';
import { requestPasswordReset, resetPassword } from './service/passwords';
import { signUp, verifyEmail } from './service/signup';

const EmailResultSchema = z.object({ email: z.string() });

/** Public account calls: sign-up, email verification, forgot and reset password (spec 000 §2). */
export function accountRoutes(deps: ModuleDeps) {
  const { db, config } = deps;
  const tags = ['accounts'];
  return [
    defineRoute({
      method: 'POST',
      url: '/api/auth/signup',
      permission: 'public',
      schema: {
        tags,
        summary: 'Sign up as staff; a verification link is emailed',
        body: SignupRequestSchema,
        response: { 201: EmailResultSchema },
      },
      handler: async (req, reply) => {
        const result = await signUp(db, {
          ...req.body,
          ip: req.ip ?? null,
          baseUrl: publicBaseUrl(req, config),
        });
        return reply.code(201).send(result);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/verify-email',
      permission: 'public',
      schema: {
        tags,
        summary: 'Confirm an email address from its emailed link',
        body: VerifyEmailRequestSchema,
        response: { 200: EmailResultSchema },
      },
      handler: async (req) => verifyEmail(db, req.body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/forgot-password',
      permission: 'public',
      schema: {
        tags,
        summary: 'Email a password reset link (204 whether or not the account exists)',
        body: ForgotPasswordRequestSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        await requestPasswordReset(db, {
          email: req.body.email,
          ip: req.ip ?? null,
          baseUrl: publicBaseUrl(req, config),
        });
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/reset-password',
      permission: 'public',
      schema: {
        tags,
        summary: 'Set a new password from an emailed reset link',
        body: ResetPasswordRequestSchema,
        response: { 200: EmailResultSchema },
      },
      handler: async (req) => resetPassword(db, req.body),
    }),
  ];
}

import { userEndpoints } from '@trialbase/domain';
import { defineRoute } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { publicBaseUrl } from '../../platform/http/public-url';
import { deliverOutboxNow } from '../../platform/outbox/deliver-now';
import { requestPasswordReset, resetPassword } from './service/passwords';
import { signUp, verifyEmail } from './service/staff-sign-up';

/** Public account calls: sign-up, email verification, forgot and reset password (spec 000 §2). */
export function accountRoutes(deps: ModuleDeps) {
  const { db, config } = deps;
  return [
    defineRoute({
      endpoint: userEndpoints.signUp,
      permission: 'public',
      handler: async (req, reply) => {
        const result = await signUp(db, {
          ...req.body,
          ip: req.ip ?? null,
          baseUrl: publicBaseUrl(req, config),
        });
        deliverOutboxNow(deps);
        return reply.code(201).send(result);
      },
    }),
    defineRoute({
      endpoint: userEndpoints.verifyEmail,
      permission: 'public',
      handler: async (req) => verifyEmail(db, req.body),
    }),
    defineRoute({
      endpoint: userEndpoints.forgotPassword,
      permission: 'public',
      handler: async (req, reply) => {
        await requestPasswordReset(db, {
          email: req.body.email,
          ip: req.ip ?? null,
          baseUrl: publicBaseUrl(req, config),
        });
        deliverOutboxNow(deps);
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: userEndpoints.resetPassword,
      permission: 'public',
      handler: async (req) => {
        const result = await resetPassword(db, req.body);
        deliverOutboxNow(deps);
        return result;
      },
    }),
  ];
}

import { type FieldIssue, isTransitionError } from '@trialbase/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

type PgError = { code?: string; constraint?: string };

/** Turns whatever a route throws into the error body of spec 000 §8; never leaks a stack outside development. */
export function registerErrorHandler(app: FastifyInstance, options: { exposeStack: boolean }): void {
  app.setErrorHandler((error: FastifyError & PgError, req, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) req.log.error({ err: error }, error.message);
      return reply.status(error.status).send(error.toBody());
    }
    if (isTransitionError(error)) {
      // A state machine refused the action (DESIGN.md: transition tables in the domain).
      const refused = new AppError(error.type, error.message, {
        id: error.id,
        context: { from: error.from, action: error.action },
      });
      return reply.status(refused.status).send(refused.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const location = error.validationContext ?? 'body';
      const issues: FieldIssue[] = error.validation.map((issue) => {
        const path = issue.instancePath
          .split('/')
          .filter(Boolean)
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        return {
          path: location === 'body' ? path : [location, ...path],
          message: issue.message ?? 'Invalid value',
        };
      });
      return reply
        .status(400)
        .send(new AppError('VALIDATION', 'The request is not valid.', { context: { issues } }).toBody());
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ type: 'INTERNAL', message: 'An unexpected error occurred.' });
    }
    if (error.code === '23505') {
      return reply.status(409).send({ type: 'CONFLICT', message: 'This record already exists.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      const type =
        status === 401
          ? 'SECURITY'
          : status === 403
            ? 'RESTRICTION'
            : status === 404
              ? 'NOT_FOUND'
              : status === 429
                ? 'RATE_LIMITED'
                : 'VALIDATION';
      return reply.status(status).send({ type, message });
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      type: 'INTERNAL',
      message: 'An unexpected error occurred.',
      ...(options.exposeStack ? { context: { stack: error.stack } } : {}),
    });
  });
}

import { type FieldIssue, isTransitionError } from '@trialbase/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

type PgError = { code?: string; constraint?: string };

/**
 * The SQLSTATE of a database error, also when the query builder wraps it (drizzle's
 * DrizzleQueryError keeps the driver's error as `cause`); undefined for anything else.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as PgError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATE class 22, data exception: the database refused a value of the request (22P02 not a
 * number, 22021 a NUL or a bad byte, 22001 too long, 22003 out of range, 22007/22008 not a date,
 * 22P05 untranslatable in jsonb…). The input was wrong, so 400 (issue 17 item 4), never a 500.
 */
function isDatabaseInputError(state: string | undefined): boolean {
  return state?.startsWith('22') === true;
}

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
    const state = sqlStateOf(error);
    if (state === '23505') {
      return reply.status(409).send({ type: 'CONFLICT', message: 'This record already exists.' });
    }
    if (isDatabaseInputError(state)) {
      // The edge should have refused it: logged so the missing check can be added there.
      req.log.warn({ sqlState: state }, 'database refused a value of the request');
      return reply
        .status(400)
        .send(new AppError('VALIDATION', 'A value of the request cannot be stored.').toBody());
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

import type { ErrorBody, ErrorId, ErrorType, FieldIssue } from '@trialbase/domain';

/** HTTP status for each error type (spec 000 §8). */
const STATUS_BY_TYPE: Record<ErrorType, number> = {
  VALIDATION: 400,
  VALIDATION_DISCONTINUE: 400,
  VALIDATION_MOBILE_NUMBER: 400,
  VALIDATION_BUILD_MODE: 409,
  VALIDATION_SITES: 400,
  VALIDATION_TLD: 400,
  INVALID_ENTERPRISE_CODE: 400,
  EXTENDED_VALIDATION: 400,
  SECURITY: 401,
  RESTRICTION: 403,
  NOT_FOUND: 404,
  PRECONDITION: 409,
  CONFLICT: 409,
  QUERY: 409,
  STUDY_HAS_CODE: 409,
  CODE_REDEEMED: 409,
  TOKEN_DISABLED: 410,
  ACCOUNT_LOCKED: 423,
  EXCEED_NO_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  DATABASE: 500,
  INTERNAL: 500,
  EX_COMM: 502,
};

/** The one application error (DESIGN.md errors): serialised as `{ type, id?, message, context? }`. */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly id: ErrorId | undefined;
  readonly status: number;
  readonly context: ErrorBody['context'];

  constructor(
    type: ErrorType,
    message: string,
    options: { id?: ErrorId; context?: ErrorBody['context']; status?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.type = type;
    this.id = options.id;
    this.context = options.context;
    this.status = options.status ?? STATUS_BY_TYPE[type];
  }

  toBody(): ErrorBody {
    return {
      type: this.type,
      ...(this.id ? { id: this.id } : {}),
      message: this.message,
      ...(this.context ? { context: this.context } : {}),
    };
  }
}

/** A 400 listing every field issue with its path. */
export function validationError(
  issues: FieldIssue[],
  message = 'The request is not valid.',
  id?: ErrorId,
): AppError {
  return new AppError('VALIDATION', message, { id, context: { issues } });
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} was not found.`);
}

export function forbidden(message = 'You do not have permission to do this.'): AppError {
  return new AppError('RESTRICTION', message);
}

export function unauthenticated(message = 'Please log in.'): AppError {
  return new AppError('SECURITY', message);
}

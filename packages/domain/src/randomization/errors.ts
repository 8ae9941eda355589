/** Domain errors of allocation (spec 000 §8 error ids NO_RANDOMIZATION_RECORD, RANDOMIZATION_RECORD_ALREADY_ASSIGNED). */
import type { ErrorId, ErrorType } from '../common/errors';

export type RandomizationErrorId = Extract<
  ErrorId,
  'NO_RANDOMIZATION_RECORD' | 'RANDOMIZATION_RECORD_ALREADY_ASSIGNED'
>;

/** Thrown by allocation; the server maps it to its error body with `type` and `id`. */
export class RandomizationError extends Error {
  readonly id: RandomizationErrorId;
  readonly type: ErrorType;
  readonly context: Record<string, unknown>;
  constructor(id: RandomizationErrorId, context: Record<string, unknown> = {}) {
    super(
      id === 'NO_RANDOMIZATION_RECORD'
        ? 'No randomization record is left for this stratum'
        : 'This enrollment has already been randomized',
    );
    this.name = 'RandomizationError';
    this.id = id;
    this.type = id === 'NO_RANDOMIZATION_RECORD' ? 'PRECONDITION' : 'CONFLICT';
    this.context = context;
  }
}

export function isRandomizationError(error: unknown): error is RandomizationError {
  return error instanceof RandomizationError;
}

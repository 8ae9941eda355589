/**
 * What the participant's submit keeps per idempotency key (spec 002 §7, issue 14 item 4): the content
 * fingerprint and the first result, answered again to a retry with the same key.
 */
import type { z } from 'zod';
import { PublicSubmitResultSchema } from './schemas';

export const StoredPublicSubmitResultSchema = PublicSubmitResultSchema.omit({ isReplay: true });
export type StoredPublicSubmitResult = z.infer<typeof StoredPublicSubmitResultSchema>;

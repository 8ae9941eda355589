import { z } from 'zod';
import { LANGUAGE_CODES, TRANSLATION_MAX_LENGTH } from './language-codes';

// The language data and rules live in language-codes.ts (no zod), so pages that only need them
// (the participant app's first load) do not pull the schema library in.
export * from './language-codes';

/** A supported study language code (spec 000 §1), lowercase. */
export const LanguageCodeSchema = z.enum(LANGUAGE_CODES);

/** Per-language texts (spec 000 §1, §5): language code → text of at most 20000 characters. */
export const LocalizedTextSchema = z.partialRecord(
  LanguageCodeSchema,
  z.string().max(TRANSLATION_MAX_LENGTH),
);
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

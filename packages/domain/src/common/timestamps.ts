import { z } from 'zod';

/** DESIGN.md database: timestamps are UTC instants, carried as ISO 8601 strings with an offset. */
export const TimestampSchema = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof TimestampSchema>;

/** A calendar date without time (`YYYY-MM-DD`), e.g. a date of birth (spec 002 §3: ISO format). */
export const IsoDateSchema = z.iso.date();
export type IsoDate = z.infer<typeof IsoDateSchema>;

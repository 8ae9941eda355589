import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The sealed side of a process's randomization (issue 22): the CSPRNG seed its lists come from, the
 * configuration they were generated under and the allocation counter. One row per randomized process;
 * allocations and configuration saves lock it FOR UPDATE, so they run one at a time per process. No
 * route ever returns the seed (the audit trail keeps its SHA-256 only).
 */
export const randomizationStates = pgTable(
  'randomization_state',
  {
    studyId: text('study_id').notNull(),
    processId: text('process_id').notNull(),
    /** 64 hex characters from the platform CSPRNG (domain generateRandomizationSeed). */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    method: text('method').notNull(),
    /** The RandomizationConfig the lists were generated from (reproducibility). */
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    /** Allocations made so far: the next allocation is number allocations + 1. */
    allocations: integer('allocations').notNull().default(0),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.processId] })],
);

/**
 * The sealed allocation lists (permuted blocks generated up front, or an uploaded list): one row per
 * record, free until an allocation takes it. Read by allocation and the audited list export only.
 */
export const randomizationListEntries = pgTable(
  'randomization_list_entry',
  {
    studyId: text('study_id').notNull(),
    processId: text('process_id').notNull(),
    stratum: text('stratum').notNull(),
    sequence: integer('sequence').notNull(),
    groupId: text('group_id').notNull(),
    block: integer('block'),
    blockSize: integer('block_size'),
    /** GENERATED or UPLOADED. */
    source: text('source').notNull(),
    enrollmentId: text('enrollment_id'),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.processId, t.stratum, t.sequence] }),
    index('randomization_list_entry_free_idx')
      .on(t.studyId, t.processId, t.stratum, t.sequence)
      .where(sql`${t.enrollmentId} is null`),
  ],
);

/**
 * One allocation per enrollment (issue 22 item 3): the random id, the group, the stratum and factor
 * levels, the method and where it came from (list record or minimization draw), who and when.
 */
export const randomizationAllocations = pgTable(
  'randomization_allocation',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    processId: text('process_id').notNull(),
    enrollmentId: text('enrollment_id').notNull(),
    subjectId: text('subject_id').notNull(),
    siteId: text('site_id').notNull(),
    tokenId: text('token_id'),
    /** Allocation number within the process (1, 2, 3 … without gaps). */
    sequence: integer('sequence').notNull(),
    randomId: text('random_id').notNull(),
    groupId: text('group_id').notNull(),
    stratum: text('stratum').notNull(),
    levels: jsonb('levels').$type<string[]>().notNull(),
    method: text('method').notNull(),
    /** The list record's sequence within its stratum (list methods); null for minimization. */
    listSequence: integer('list_sequence'),
    /** Minimization scores and draw, or nothing. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    allocatedBy: text('allocated_by').notNull(),
    allocatedByName: text('allocated_by_name').notNull(),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('randomization_allocation_enrollment_key').on(t.studyId, t.enrollmentId),
    uniqueIndex('randomization_allocation_sequence_key').on(t.studyId, t.processId, t.sequence),
    index('randomization_allocation_subject_idx').on(t.studyId, t.subjectId),
  ],
);

/** Each break of the blind (issue 22 item 4): who, when, why, signed with the password. */
export const blindBreaks = pgTable(
  'randomization_blind_break',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    enrollmentId: text('enrollment_id').notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    reason: text('reason').notNull(),
    meaning: text('meaning').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('randomization_blind_break_enrollment_idx').on(t.studyId, t.enrollmentId, t.userId),
  ],
);

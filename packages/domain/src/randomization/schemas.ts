/**
 * API shapes of randomization (issue 22; spec 001 §7 startRandomizationDataEvent, randomId, breakBlind;
 * ours: the configuration on the process, the uploaded list, the list export, the balance report and
 * the simulator). The contract is /work/notes/randomization-api.md.
 */
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LocalizedTextSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import { RandomizationConfigSchema } from './config';
import { RANDOMIZATION_SEED_PATTERN } from './random-source';
import { SIMULATED_METHODS } from './simulator';

/** DESIGN.md e-signatures (21 CFR 11.50): the meaning stored with the randomization signature. */
export const RANDOMIZATION_MEANING = 'I confirm that this subject is eligible and is to be randomized now.';
/** DESIGN.md e-signatures: the meaning stored with the break-blind signature. */
export const BREAK_BLIND_MEANING = "I break the blind of this subject's allocation for the reason given.";

/** Most characters of an uploaded allocation list. */
export const ALLOCATION_LIST_CSV_MAX = 2_000_000;
/** Simulator limits: trials, subjects per trial, and their product (the server's work per call). */
export const SIMULATION_MAX_TRIALS = 2000;
export const SIMULATION_MAX_SUBJECTS = 5000;
export const SIMULATION_MAX_WORK = 1_000_000;

export const RandomizationProcessParamsSchema = z.object({ studyId: IdSchema, processId: IdSchema });
export const RandomizationEnrollmentParamsSchema = z.object({ studyId: IdSchema, enrollmentId: IdSchema });
export const RandomizationTokenParamsSchema = z.object({
  studyId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
});

const LockedFieldSchema = z.enum(
  Object.keys(RandomizationConfigSchema.shape) as [
    keyof typeof RandomizationConfigSchema.shape,
    ...(keyof typeof RandomizationConfigSchema.shape)[],
  ],
);

export const RandomizationLocksSchema = z.object({
  isConfigurationLocked: z.boolean(),
  canAddOrRemoveGroups: z.boolean(),
  lockedFields: z.array(LockedFieldSchema),
});

/** The randomization of a process as the editor reads it (config, locks and what is sealed, never the list). */
export const RandomizationViewSchema = z.object({
  processId: IdSchema,
  revision: z.number().int(),
  config: RandomizationConfigSchema,
  locks: RandomizationLocksSchema,
  randomizationEventId: z.string().nullable(),
  status: z.object({
    isSealed: z.boolean(),
    allocations: z.number().int(),
    listEntries: z.number().int(),
    freeEntries: z.number().int(),
  }),
  moduleEnabled: z.boolean(),
});
export type RandomizationView = z.infer<typeof RandomizationViewSchema>;

/** `PUT .../pathway/{processId}/randomization`: the configuration (derived flags are ignored). */
export const RandomizationSaveBodySchema = z.object({
  revision: z.number().int().nonnegative().optional(),
  config: RandomizationConfigSchema,
});
export type RandomizationSaveBody = z.input<typeof RandomizationSaveBodySchema>;

/** `POST .../randomization/list`: the uploaded allocation list as CSV text (sequence, stratum, group). */
export const AllocationListUploadBodySchema = z.object({ csv: z.string().max(ALLOCATION_LIST_CSV_MAX) });

/** One subject's allocation; `trialGroup` is null whenever the caller is blinded. */
export const RandomizationAllocationViewSchema = z.object({
  enrollmentId: IdSchema,
  processId: IdSchema,
  tokenId: z.string().nullable(),
  randomId: z.string(),
  sequence: z.number().int(),
  allocatedAt: TimestampSchema,
  allocatedBy: z.object({ id: z.string(), name: z.string() }),
  blinded: z.boolean(),
  trialGroup: z.object({ id: z.string(), title: LocalizedTextSchema }).nullable(),
});
export type RandomizationAllocationView = z.infer<typeof RandomizationAllocationViewSchema>;

/** Who broke the blind of an enrollment, when and why (never the group). */
export const BlindBreakViewSchema = z.object({
  signedBy: z.string(),
  signedByName: z.string(),
  signedTime: TimestampSchema,
  reason: z.string(),
});
export type BlindBreakView = z.infer<typeof BlindBreakViewSchema>;

/** `GET .../enrollments/{enrollmentId}/randomization`. */
export const EnrollmentRandomizationViewSchema = z.object({
  enrollmentId: IdSchema,
  isRandomizationEnabled: z.boolean(),
  randomizationEventId: z.string().nullable(),
  allocation: RandomizationAllocationViewSchema.nullable(),
  blindBreaks: z.array(BlindBreakViewSchema),
});
export type EnrollmentRandomizationView = z.infer<typeof EnrollmentRandomizationViewSchema>;

/** `POST .../enrollments/{enrollmentId}/breakBlind` body (password in the Extended-Validation header). */
export const BreakBlindBodySchema = z.object({ reason: z.string().trim().min(1).max(1024) });

export const BreakBlindResultSchema = z.object({
  allocation: RandomizationAllocationViewSchema,
  blindBreak: BlindBreakViewSchema,
});

/** `startRandomizationDataEvent` takes no fields; an empty object (or no body) is fine. */
export const StartRandomizationBodySchema = z.object({}).strict().optional();

const GroupCountSchema = z.object({
  groupId: z.string(),
  count: z.number().int(),
  expected: z.number(),
  share: z.number(),
});
const BalanceCellSchema = z.object({
  total: z.number().int(),
  groups: z.array(GroupCountSchema),
  imbalance: z.number(),
});

/** `GET .../randomization/balance`: the domain balance report with the groups and factors it names. */
export const RandomizationBalanceSchema = z.object({
  groups: z.array(z.object({ id: z.string(), title: LocalizedTextSchema, ratio: z.number().int() })),
  factors: z.array(z.object({ id: z.string(), kind: z.enum(['SITE', 'QUESTION']), weight: z.number() })),
  allocations: z.number().int(),
  report: z.object({
    overall: BalanceCellSchema,
    strata: z.array(BalanceCellSchema.extend({ stratum: z.string() })),
    marginals: z.array(BalanceCellSchema.extend({ factor: z.string(), level: z.string() })),
  }),
});
export type RandomizationBalance = z.infer<typeof RandomizationBalanceSchema>;

/** `POST .../randomization/simulate` body. */
export const SimulationRequestSchema = z
  .object({
    config: RandomizationConfigSchema.optional(),
    trials: z.number().int().min(1).max(SIMULATION_MAX_TRIALS).default(500),
    subjects: z.number().int().min(1).max(SIMULATION_MAX_SUBJECTS).optional(),
    factors: z
      .array(
        z.object({
          id: z.string().min(1).max(64),
          proportions: z.array(z.number().min(0).max(1_000_000)).min(1).max(50),
          weight: z.number().positive().max(100).optional(),
        }),
      )
      .max(6)
      .default([]),
    methods: z.array(z.enum(SIMULATED_METHODS)).min(1).optional(),
    seed: z.string().regex(RANDOMIZATION_SEED_PATTERN).optional(),
    binWidth: z.number().positive().max(1000).optional(),
  })
  .refine((r) => r.factors.every((f) => f.proportions.some((p) => p > 0)), {
    message: 'Each factor needs a level with a positive proportion',
    path: ['factors'],
  });
export type SimulationRequest = z.input<typeof SimulationRequestSchema>;

const DistributionSchema = z.object({
  mean: z.number(),
  sd: z.number(),
  min: z.number(),
  median: z.number(),
  p95: z.number(),
  max: z.number(),
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
});

export const SimulationResultSchema = z.object({
  seed: z.string(),
  trials: z.number().int(),
  subjects: z.number().int(),
  strata: z.number().int(),
  methods: z.array(
    z.object({
      method: z.enum(SIMULATED_METHODS),
      overall: DistributionSchema,
      worstMarginal: DistributionSchema,
      worstStratum: DistributionSchema,
      elapsedMs: z.number(),
    }),
  ),
});
export type SimulationResponse = z.infer<typeof SimulationResultSchema>;
export type BreakBlindResult = z.infer<typeof BreakBlindResultSchema>;

import { Readable } from 'node:stream';
import { type AccessUser, medicationEndpoints as med } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { checkExtendedValidation, type Signature } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { AppError, forbidden } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { registerRemovableTypes } from '../../platform/soft-delete/registry';
import { runUseCase } from '../../platform/use-case';
import { presentAccountingEntry } from './presenters';
import { medicationAccountingRemovableType, medicationRemovableType } from './removable';
import { medicationPatientSite, medicationSubjectSite } from './route-helpers';
import {
  correctAccountingEntry,
  createAccountingEntry,
  loadSiteAccounting,
  loadSubjectAccounting,
} from './service/accounting';
import { exportStudyMedication, listStudyMedication } from './service/listing';
import { listMedications, listStudyMedicationAudit, loadMedicationView } from './service/read';
import { createMedication, updateMedication, verifyMedication } from './service/records';

/** The meaning recorded with each signed change (21 CFR 11.50). */
const MEANINGS = {
  create: 'Medication recorded',
  update: 'Medication changed',
  accounting: 'Drug accounting entry recorded',
  correction: 'Drug accounting entry corrected',
} as const;

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw forbidden();
  return req.access;
}

/**
 * Create and update always ask for the password (spec 001 §6: subject medication create and update
 * carry the Extended-Validation header), whatever the study's setting; accounting entries too.
 */
async function signWithPassword(db: ModuleDeps['db'], req: FastifyRequest, meaning: string, now: Date) {
  const signature: Signature | null = await checkExtendedValidation(db, req, {
    required: true,
    meaning,
    now,
  });
  if (!signature) throw new AppError('INTERNAL', 'A required signature was not made.');
  return signature;
}

/**
 * Medication (spec 001 §7 medication calls, issue 21 items 1, 2 and 5): a subject's records with
 * signed create and update, one record with its audit, verification, the study's medication audit,
 * drug accounting per subject and per site. Every permission is checked at the subject's site.
 */
export function medicationRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  // Soft delete types `medication` and `medicationAccounting` go through the storage module (000 §3).
  registerRemovableTypes([medicationRemovableType, medicationAccountingRemovableType]);

  return [
    defineRoute({
      endpoint: med.list,
      permission: inStudy('PATIENT_LIST_MEDICATION', { site: medicationPatientSite }),
      handler: async (req) =>
        listMedications(db, {
          studyId: req.params.studyId,
          subjectId: req.params.id,
          includeRemoved: req.query.includeRemoved === true,
        }),
    }),
    defineRoute({
      endpoint: med.create,
      permission: inStudy('PATIENT_CREATE_MEDICATION', { site: medicationPatientSite }),
      handler: async (req, reply) => {
        const { studyId, id } = req.params;
        const now = clock();
        const signature = await signWithPassword(db, req, MEANINGS.create, now);
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) => createMedication(ctx, { studyId, subjectId: id, content: req.body, signature }),
          now,
        );
        return reply.code(201).send(await loadMedicationView(db, { studyId, subjectId: id, id: row.id }));
      },
    }),
    defineRoute({
      endpoint: med.update,
      permission: inStudy('PATIENT_UPDATE_MEDICATION', { site: medicationPatientSite }),
      handler: async (req) => {
        const { studyId, id } = req.params;
        const now = clock();
        const signature = await signWithPassword(db, req, MEANINGS.update, now);
        const { id: medicationId, ...content } = req.body;
        await runUseCase(
          db,
          actorOf(req),
          (ctx) => updateMedication(ctx, { studyId, subjectId: id, id: medicationId, content, signature }),
          now,
        );
        return loadMedicationView(db, { studyId, subjectId: id, id: medicationId });
      },
    }),
    defineRoute({
      endpoint: med.get,
      permission: inStudy('PATIENT_LIST_MEDICATION', { site: medicationSubjectSite }),
      handler: async (req) =>
        loadMedicationView(db, {
          studyId: req.params.studyId,
          subjectId: req.params.subjectId,
          id: req.params.medicationId,
          withAudit: req.query.isAudit === true,
        }),
    }),
    defineRoute({
      endpoint: med.verify,
      permission: inStudy('VERIFICATION_STATUS_UPDATE', {
        site: medicationSubjectSite,
        atSite: (params) =>
          params.verificationType === 'secondary'
            ? 'VERIFICATION_STATUS_SECONDARY_UPDATE'
            : 'VERIFICATION_STATUS_UPDATE',
      }),
      handler: async (req) => {
        const { studyId, subjectId, medicationId, verificationType } = req.params;
        const userId = req.auth?.user.id;
        if (!userId) throw forbidden();
        await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            verifyMedication(ctx, {
              studyId,
              subjectId,
              id: medicationId,
              round: verificationType,
              verified: req.body.verified,
              userId,
            }),
          clock(),
        );
        return loadMedicationView(db, { studyId, subjectId, id: medicationId });
      },
    }),
    defineRoute({
      endpoint: med.audit,
      permission: inStudy('PATIENT_LIST_MEDICATION'),
      handler: async (req) =>
        listStudyMedicationAudit(db, { studyId: req.params.studyId, access: accessOf(req), query: req.body }),
    }),
    defineRoute({
      endpoint: med.accounting,
      permission: inStudy('MEDICATION_ACCOUNTING_LIST', { site: medicationPatientSite }),
      handler: async (req) => {
        const q = req.query;
        const schedule =
          q.package !== undefined && q.unitsPerDay !== undefined && q.from !== undefined && q.to !== undefined
            ? { package: q.package, unitsPerDay: q.unitsPerDay, from: q.from, to: q.to }
            : null;
        return loadSubjectAccounting(db, {
          studyId: req.params.studyId,
          subjectId: req.params.id,
          schedule,
          now: clock(),
        });
      },
    }),
    defineRoute({
      endpoint: med.createAccounting,
      permission: inStudy('MEDICATION_ACCOUNTING_CREATE', { site: medicationPatientSite }),
      handler: async (req, reply) => {
        const { studyId, id } = req.params;
        const now = clock();
        const signature = await signWithPassword(db, req, MEANINGS.accounting, now);
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) => createAccountingEntry(ctx, { studyId, subjectId: id, body: req.body, signature }),
          now,
        );
        return reply.code(201).send(presentAccountingEntry(row));
      },
    }),
    defineRoute({
      endpoint: med.correctAccounting,
      permission: inStudy('MEDICATION_ACCOUNTING_UPDATE', { site: medicationPatientSite }),
      handler: async (req, reply) => {
        const { studyId, id, entryId } = req.params;
        const now = clock();
        const signature = await signWithPassword(db, req, MEANINGS.correction, now);
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            correctAccountingEntry(ctx, { studyId, subjectId: id, entryId, body: req.body, signature }),
          now,
        );
        return reply.code(201).send(presentAccountingEntry(row));
      },
    }),
    defineRoute({
      endpoint: med.studyList,
      permission: inStudy('PATIENT_LIST_MEDICATION'),
      handler: async (req) =>
        listStudyMedication(db, { studyId: req.params.studyId, access: accessOf(req), query: req.query }),
    }),
    defineRoute({
      endpoint: med.studyExport,
      permission: inStudy('PATIENT_LIST_MEDICATION'),
      handler: async (req, reply) => {
        const stream = Readable.from(
          exportStudyMedication(db, {
            studyId: req.params.studyId,
            access: accessOf(req),
            query: req.query,
            language: req.auth?.user.language ?? null,
          }),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="medication-${req.params.studyId}.csv"`)
          .send(stream);
      },
    }),
    defineRoute({
      endpoint: med.siteAccounting,
      permission: inStudy('MEDICATION_ACCOUNTING_LIST'),
      handler: async (req) => loadSiteAccounting(db, { studyId: req.params.studyId, access: accessOf(req) }),
    }),
  ] as RouteDefinition<never>[];
}

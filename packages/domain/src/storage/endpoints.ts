import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { SoftDeleteReasonSchema, StorageItemSchema, StorageListSchema } from './model';

/** The type is free text here: types register at run time, an unknown one is a 404. */
const ItemParamsSchema = z.object({
  studyId: z.string().min(1).max(64),
  type: z.string().min(1).max(64),
  id: z.string().min(1).max(64),
});

/** Spec 001 §7 soft delete (issue 23 item 5): remove, restore and the storage list. */
export const storageEndpoints = {
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/study/:studyId/:type/:id',
    summary: 'Remove an item to the study storage (soft delete, with a reason)',
    tags: ['storage'],
    params: ItemParamsSchema,
    query: SoftDeleteReasonSchema,
    response: { 200: StorageItemSchema },
  }),
  restore: defineEndpoint({
    method: 'PUT',
    path: '/api/study/:studyId/:type/:id/isRemoved',
    summary: 'Restore a removed item from the study storage',
    tags: ['storage'],
    params: ItemParamsSchema,
    body: SoftDeleteReasonSchema,
    response: { 204: z.null() },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/study/:studyId/storage',
    summary: 'The removed items of the study, newest first',
    tags: ['storage'],
    params: z.object({ studyId: z.string().min(1).max(64) }),
    response: { 200: StorageListSchema },
  }),
};

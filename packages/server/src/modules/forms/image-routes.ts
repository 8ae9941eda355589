import { formEndpoints } from '@trialbase/domain';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { actorOf } from './route-helpers';
import { listStudyImages, loadStudyImage, uploadStudyImage } from './service/images';

/** A Content-Disposition value that cannot break out of its header (RFC 6266 with an ASCII fallback). */
export function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\;]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Study images (spec 000 §7 images): upload as JSON base64, list, and load the bytes. */
export function imageRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      endpoint: formEndpoints.uploadImage,
      permission: inStudy('IMAGE_UPLOAD'),
      // Base64 of the 1,024,000-byte limit is about 1.37 MB, above the app's 1 MiB default.
      bodyLimit: 1_500_000,
      handler: async (req, reply) => {
        const image = await runUseCase(db, actorOf(req), (ctx) =>
          uploadStudyImage(ctx, { studyId: req.params.studyId, upload: req.body }),
        );
        return reply.code(201).send(image);
      },
    }),
    defineRoute({
      endpoint: formEndpoints.listImages,
      permission: inStudy('IMAGE_LIST'),
      handler: async (req) => listStudyImages(db, req.params),
    }),
    defineRoute({
      endpoint: formEndpoints.image,
      permission: inStudy('IMAGE_VIEW'),
      handler: async (req, reply) => {
        const image = await loadStudyImage(db, req.params);
        return reply
          .header('content-type', image.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', inlineDisposition(image.fileName))
          .header('cache-control', 'private, max-age=3600')
          .send(image.data);
      },
    }),
  ] as RouteDefinition<never>[];
}

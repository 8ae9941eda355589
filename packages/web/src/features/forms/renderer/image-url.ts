import { buildPath, publicRoutes } from '@trialbase/domain';

/** The staff route of a study image (form images, image charts); a pure URL, no HTTP client. */
export function studyImageUrl(studyId: string, imageId: string): string {
  return buildPath(publicRoutes.studyImage, { studyId, imageId });
}

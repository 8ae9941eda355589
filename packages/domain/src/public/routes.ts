import { routeOf } from '../common/endpoint';
import type { econsentEndpoints } from '../econsent/endpoints';
import type { fileEndpoints } from '../files/endpoints';
import type { formEndpoints } from '../forms/endpoints';
import type { processEndpoints } from '../processes/endpoints';
import type { publicEndpoints } from './endpoints';

type P = typeof publicEndpoints;
type EConsent = typeof econsentEndpoints;
type Files = typeof fileEndpoints;

/**
 * What the participant pages call (issue 16): the method and path of each endpoint they use,
 * without its zod schemas, so the pages' first load carries none. Each route is typed by its
 * endpoint (the same schemas the server's route registers), its method and path are checked
 * against the endpoint's literal types, and routes.test.ts compares them at run time too.
 */
export const publicRoutes = {
  saveForm: routeOf<P['saveForm']>('POST', '/api/public/studies/:studyId/questionnaire'),
  back: routeOf<P['back']>('POST', '/api/public/studies/:studyId/token/:token/back'),
  showRuleResult: routeOf<P['showRuleResult']>(
    'GET',
    '/api/public/studies/:studyId/tokens/:tokenStringOrId/referenceShowRules/constructShowRuleResultForSubjectBasedCriteria',
  ),
  fillState: routeOf<P['fillState']>('GET', '/api/public/studies/:studyId/token/:token/fillState'),
  validateToken: routeOf<P['validateToken']>('POST', '/api/public/studies/:studyId/token/validateToken'),
  validateTokenUpdate: routeOf<P['validateTokenUpdate']>(
    'POST',
    '/api/public/studies/:studyId/token/validateTokenUpdate',
  ),
  consentInfo: routeOf<P['consentInfo']>('GET', '/api/public/study/:studyId/:token/getInfo'),
  consent: routeOf<P['consent']>('POST', '/api/public/study/:studyId/consent'),
  requestCode: routeOf<P['requestCode']>(
    'GET',
    '/api/public/studies/:studyId/tokens/:tokenId/requestOneTimePassword',
  ),
  newCode: routeOf<P['newCode']>('POST', '/api/public/studies/:studyId/token/newOneTimePassword'),
  validateCode: routeOf<P['validateCode']>(
    'POST',
    '/api/public/studies/:studyId/token/validateOneTimePassword',
  ),
  captchaChallenge: routeOf<P['captchaChallenge']>('GET', '/api/public/captcha/challenge'),
  siteInfo: routeOf<P['siteInfo']>('GET', '/api/public/study/:studyId/site/:siteId/getInfo'),
  logo: routeOf<P['logo']>('GET', '/api/public/study/:studyId/logo'),
  logoImage: routeOf<P['logoImage']>('GET', '/api/public/study/:studyId/logo/image'),
  image: routeOf<P['image']>('GET', '/api/public/studies/:studyId/images/:imageId'),
  signUp: routeOf<P['signUp']>('POST', '/api/public/studies/:studyId/patient/:pathwayId/pathwaySignUp'),
  requestUnsubscribeCode: routeOf<P['requestUnsubscribeCode']>(
    'POST',
    '/api/public/studies/:studyId/patient/:id/requestOneTimePassword',
  ),
  validateUnsubscribeCode: routeOf<P['validateUnsubscribeCode']>(
    'POST',
    '/api/public/studies/:studyId/patient/:id/validateOneTimePassword',
  ),
  unsubscribe: routeOf<P['unsubscribe']>(
    'POST',
    '/api/public/studies/:studyId/enrollments/:enrollmentId/unsubscribe',
  ),
  process: routeOf<P['process']>('GET', '/api/public/studies/:studyId/tokens/:tokenString/getProcess'),
  /** The public sign-up page's process (processEndpoints.publicInfo). */
  processInfo: routeOf<(typeof processEndpoints)['publicInfo']>(
    'GET',
    '/api/public/study/:studyId/pathway/:pathwayId/getInfo',
  ),
  econsentDetails: routeOf<EConsent['publicDetails']>(
    'GET',
    '/api/public/studies/:studyId/tokens/:tokenId/explicitConsentDetails',
  ),
  econsentDocument: routeOf<EConsent['publicDocument']>(
    'GET',
    '/api/public/studies/:studyId/tokens/:tokenId/eConsentDocument',
  ),
  econsentRequestCode: routeOf<EConsent['publicRequestCode']>(
    'POST',
    '/api/public/studies/:studyId/tokens/:tokenId/eConsentCode',
  ),
  econsentSign: routeOf<EConsent['publicSign']>(
    'PUT',
    '/api/public/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/setEconsentSigned',
  ),
  econsentDownload: routeOf<EConsent['publicDownload']>(
    'GET',
    '/api/public/studies/:studyId/tokens/:tokenId/downloadEConsentFile',
  ),
  /** An answer file of a participant's form (fileEndpoints.publicUpload). */
  uploadAnswerFile: routeOf<Files['publicUpload']>(
    'POST',
    '/api/public/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles',
  ),
  /** An answer image of a participant's form (fileEndpoints.publicUploadImage). */
  uploadAnswerImage: routeOf<Files['publicUploadImage']>('POST', '/api/public/studies/:studyId/answerImages'),
  /** A study image a form shows (formEndpoints.image; the renderer's image-url). */
  studyImage: routeOf<(typeof formEndpoints)['image']>('GET', '/api/studies/:studyId/image/:imageId'),
};

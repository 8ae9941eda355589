import type { PublicFill, PublicTokenInfo } from '@trialbase/domain';
import { nextPublicPath } from '../app/flow-store';
import { navigate } from '../app/router';
import { preloadPage } from '../app/routes';
import { prefetchFill, seedFill } from '../questionnaire/process-api';

/** The questionnaire pages, the fill page the most common: the page a validated link goes on to. */
const FILL_PAGE = '/questionnaire/fill';

/**
 * Starts downloading the fill page's code and strings while the link is being validated (issue 16
 * item 5), so they are not requested only after the validation's round trip.
 */
export function preloadFillPage(): void {
  void preloadPage(FILL_PAGE);
}

/**
 * Spec 002 §4 public flow: goes on to the page `info.next` names after the link was validated,
 * consent given or the code accepted. For the questionnaire pages their data (the process and fill
 * state, which need the session just granted) came with the answer (`fill`); an answer without it
 * has it requested now, beside any code still loading.
 * The page is shown once its code is there (or failed to come): a page that suspends as it is
 * shown leaves a loader React keeps for at least 300 ms.
 */
export function continueFlow(info: PublicTokenInfo & { fill?: PublicFill | null }, language: string): void {
  const to = nextPublicPath(info, language);
  const pathname = to.split('?')[0] ?? to;
  const pageReady = preloadPage(pathname);
  // Registered before the page mounts, so its loadFill takes this load and never an older one.
  if (pathname.startsWith('/questionnaire/')) {
    if (info.fill) seedFill(info.studyId, info.token.token, info.fill);
    else prefetchFill(info.studyId, info.token.token);
  }
  void pageReady.then(() => navigate(to, { replace: true }));
}

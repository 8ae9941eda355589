// First: a link's calls and page downloads start before anything else runs (issue 16 item 5). The
// built public.html carries it inline and runs it while its head is parsed (the build resolves this
// import to nothing, vite.config.ts linkPreloads); in development this import runs it.
import './link/early/early-link';
import './app/mantine-styles';
import '../app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentParticipantLanguage, initPublicI18n } from './app/i18n';
import { fillLoadKey, startLoad } from './app/prefetch';
import { PublicProviders } from './app/providers';
import { PublicRoutes, preloadPage } from './app/routes';

// The participant app (spec 002): its own entry and bundle, apart from the staff app (issue 8 item 6).
// Its common strings (namespace `public`, in the participant's language and English) load first.
const stringsReady = initPublicI18n();

// A questionnaire page opened directly (a reload, the browser's back) asks for its data beside its
// code, not after it (issue 16 item 5). The loader comes as a small chunk of its own, so no other
// page's first load carries it; the load is registered before the page can mount and take it.
if (/^\/questionnaire\/(fill|index)\/?$/.test(window.location.pathname)) {
  const query = new URLSearchParams(window.location.search);
  const studyId = query.get('studyId');
  const token = query.get('token');
  if (studyId && token)
    startLoad(fillLoadKey(studyId, token), () =>
      import('./questionnaire/process-api').then((m) => m.fetchFill(studyId, token)),
    );
}

const container = document.getElementById('root');
if (!container) throw new Error('public.html has no #root element');
const root = createRoot(container);
// Rendered once the strings and the page's code are there (both were asked for at once): a first
// render that suspends on the page shows a loader React keeps for at least 300 ms (issue 16 item 6).
// Without the strings (offline) the pages still render, showing keys.
const pageReady = preloadPage(window.location.pathname);
void Promise.all([stringsReady.catch(() => undefined), pageReady]).then(() =>
  root.render(
    <StrictMode>
      <PublicProviders initialLanguage={currentParticipantLanguage()}>
        <PublicRoutes />
      </PublicProviders>
    </StrictMode>,
  ),
);

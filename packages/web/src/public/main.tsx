import './app/mantine-styles';
import '../app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentParticipantLanguage, initPublicI18n } from './app/i18n';
import { PublicProviders } from './app/providers';
import { PublicRoutes } from './app/routes';

// The participant app (spec 002): its own entry and bundle, apart from the staff app (issue 8 item 6).
initPublicI18n();

const container = document.getElementById('root');
if (!container) throw new Error('public.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <PublicProviders initialLanguage={currentParticipantLanguage()}>
      <PublicRoutes />
    </PublicProviders>
  </StrictMode>,
);

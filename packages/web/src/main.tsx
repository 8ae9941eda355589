import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { config as configureZod } from 'zod';
import { installGlobalErrorHandlers } from './app/global-errors';
import { initI18n } from './app/i18n';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

// The CSP forbids eval; without this zod probes `new Function` and the browser logs a violation.
configureZod({ jitless: true });
const stringsReady = initI18n();
installGlobalErrorHandlers();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// Rendered once the chosen language's strings are there (English comes with the app).
void stringsReady.then(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);

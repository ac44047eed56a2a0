import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady } from './i18n/i18n.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The language's chunk loads in parallel with the route's; the first render waits for it.
void i18nReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

/**
 * Entry: the visitor's language (their choice, else their browser's, else Albanian) and its texts, and the
 * stage's runtime config (API URL, user pool, currency...), then the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './lib/config';
import { App } from './app/App';
import { I18nProvider } from './i18n/I18nProvider';
import { loadMessages } from './i18n/catalogs';
import { initialLanguage } from './i18n/languages';
import { BootError } from './app/BootError';
import { startPwa } from './pwa/register';
import { hasStoredIdToken } from './auth/storedToken';
import './styles/global.css';

startPwa();
const root = createRoot(document.getElementById('root')!);
const language = initialLanguage();
document.documentElement.lang = language;

const settings = loadConfig().then(
  (config) => {
    // A returning visitor's app reads their session first: the sign-in library is fetched now, beside the texts,
    // not after them (it configures itself from the settings, so not before these).
    if (hasStoredIdToken()) void import('./auth/session');
    return { config, error: undefined };
  },
  (error: unknown) => ({ config: undefined, error }),
);

Promise.all([loadMessages(language), settings])
  .then(([messages, { config, error }]) => {
    root.render(
      <StrictMode>
        <I18nProvider language={language} messages={messages} currency={config?.currency}>
          {config ? <App /> : <BootError error={error} />}
        </I18nProvider>
      </StrictMode>,
    );
  })
  .catch((err: unknown) => {
    // The texts themselves could not be downloaded: nothing to translate with.
    console.error(err);
    root.render(<p role="alert">{String(err)}</p>);
  });

/**
 * Entry: the visitor's language (their choice, else their browser's, else Albanian) and its texts, and the
 * stage's runtime config (API URL, user pool, currency...), then the app. Where the server sent a screen already
 * rendered in that language (the sign-in screen: web/prerender.ts), the app takes it over as it is (hydration)
 * instead of drawing it again.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadConfig } from './lib/config';
import { AppRoot } from './app/AppRoot';
import { loadMessages } from './i18n/catalogs';
import { initialLanguage, readStoredLanguage, rememberLanguageForServer } from './i18n/languages';
import { startPwa } from './pwa/register';
import { freshStoredIdToken, hasStoredIdToken } from './auth/storedToken';
import { loadSessionModule } from './auth/currentSession';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_LANGUAGE_ATTRIBUTE } from './app/prerendered';
// The design tokens' CSS variables (common/designTokens.ts, through web/designTokens.ts), then the styles using them.
import 'virtual:design-tokens.css';
import './styles/global.css';

startPwa();
const container = document.getElementById('root')!;
const language = initialLanguage();
document.documentElement.lang = language;
// A choice stored before the server could read it: from now on the server sends the screen in it too.
if (readStoredLanguage() === language) rememberLanguageForServer(language);

/** The screen in the page was rendered for this address and language: it is taken over, not drawn again. */
const hydrates =
  container.getAttribute(PRERENDERED_ATTRIBUTE) === location.pathname.replace(/(.)\/$/, '$1') &&
  container.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE) === language;

const settings = loadConfig().then(
  (config) => {
    // A returning visitor whose stored tokens need refreshing needs the sign-in library first: it is fetched now,
    // beside the texts, not after them (it configures itself from the settings, so not before these). Valid tokens
    // are read without it (auth/currentSession.ts).
    if (hasStoredIdToken() && !freshStoredIdToken(config.userPoolClientId)) void loadSessionModule();
    return { config, error: undefined };
  },
  (error: unknown) => ({ config: undefined, error }),
);

Promise.all([loadMessages(language), settings])
  .then(([, { config, error }]) => {
    const app = <AppRoot language={language} currency={config?.currency} failed={config ? undefined : { error }} />;
    if (hydrates && config) {
      hydrateRoot(container, app, {
        // The screen differed from what the app draws (a session already in the browser, a new year in the
        // footer): React draws it afresh, which is what it is for; said in the console, not as an error.
        onRecoverableError: (err) => console.warn('The prerendered screen was drawn again', err),
      });
    } else {
      createRoot(container).render(app);
    }
  })
  .catch((err: unknown) => {
    // The texts themselves could not be downloaded: nothing to translate with.
    console.error(err);
    createRoot(container).render(<p role="alert">{String(err)}</p>);
  });

/**
 * The whole tree the app renders: its language and texts, then the app, or what it says when it cannot start (the
 * stage's settings did not load). One tree for the browser (main.tsx) and for the sign-in screen rendered at build
 * time (prerender.tsx), so the browser hydrates exactly what was rendered.
 */
import { StrictMode } from 'react';
import type { Currency, Language } from '../../../common/languages';
import { I18nProvider } from '../i18n/I18nProvider';
import { App } from './App';
import { BootError } from './BootError';

export function AppRoot(props: {
  /** Its shell texts are loaded (catalogs.ts loadMessages). */
  language: Language;
  currency?: Currency;
  /** Set when the settings could not be loaded: the app cannot start. */
  failed?: { error: unknown };
  /** The address, when rendering outside a browser (prerender.tsx); the browser's own otherwise. */
  location?: string;
}) {
  return (
    <StrictMode>
      <I18nProvider language={props.language} currency={props.currency}>
        {props.failed ? <BootError error={props.failed.error} /> : <App location={props.location} />}
      </I18nProvider>
    </StrictMode>
  );
}

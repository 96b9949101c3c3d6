/**
 * The app's language: react-intl's provider with the chosen language's catalogue, a way to change it at
 * once (no reload; the new catalogue is fetched first, then every text switches), `<html lang>` kept in
 * step, and the choice remembered in the browser. Saving it on the account is done by whoever listens
 * (`onChange`), so this file knows nothing of sessions.
 */
import { setManifestLanguage } from '../pwa/app';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE, type Currency, type Language } from '../../../common/languages';
import { loadMessages, type Messages } from './catalogs';
import { storeLanguage } from './languages';

interface LanguageContextValue {
  language: Language;
  /** The stage's currency (every price of the app is in it). */
  currency: Currency;
  /** Switches every text to `language` and remembers the choice; resolves once the texts have switched. */
  setLanguage: (language: Language) => Promise<void>;
  /** Adds a listener for choices the user makes (not the initial language); returns its removal. */
  onLanguageChosen: (listener: (language: Language) => void) => () => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function I18nProvider({
  language: initial,
  messages: initialMessages,
  currency = DEFAULT_CURRENCY,
  children,
}: {
  language: Language;
  messages: Messages;
  currency?: Currency;
  children: ReactNode;
}) {
  const [state, setState] = useState({ language: initial, messages: initialMessages });
  const listeners = useRef(new Set<(language: Language) => void>());

  useEffect(() => {
    document.documentElement.lang = state.language;
    setManifestLanguage(state.language);
  }, [state.language]);

  const setLanguage = useCallback(async (language: Language) => {
    // Kept before the catalogue arrives, so that a page left or reloaded at once opens in the chosen language.
    storeLanguage(language);
    const messages = await loadMessages(language);
    setState({ language, messages });
    for (const listener of listeners.current) listener(language);
  }, []);

  const onLanguageChosen = useCallback((listener: (language: Language) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const value = useMemo(
    () => ({ language: state.language, currency, setLanguage, onLanguageChosen }),
    [state.language, currency, setLanguage, onLanguageChosen],
  );

  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider
        locale={state.language}
        defaultLocale={DEFAULT_LANGUAGE}
        messages={state.messages}
        onError={reportIntlError}
      >
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

/**
 * react-intl's errors. A browser without the language's locale data (some lean Chromium builds know English
 * only) is expected and handled: long dates take the catalogue's month names (format.ts), numbers the
 * browser's own digits. Anything else is a mistake in a message, shown while developing (react-intl's own
 * handler is silent in production too).
 */
function reportIntlError(error: { code?: string }) {
  if (error.code === 'MISSING_DATA') return;
  if (import.meta.env.DEV) console.error(error);
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage needs an I18nProvider above it');
  return value;
}

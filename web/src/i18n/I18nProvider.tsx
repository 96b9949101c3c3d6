/**
 * The app's language: the formatters of the chosen language (intl.ts) with its catalogue, a way to change it at
 * once (no reload; the new catalogue is fetched first, then every text switches), `<html lang>` kept in
 * step, and the choice remembered in the browser. Saving it on the account is done by whoever listens
 * (`onChange`), so this file knows nothing of sessions.
 */
import { setManifestLanguage } from '../pwa/app';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_CURRENCY, type Currency, type Language } from '../../../common/languages';
import { loadMessages, type Messages } from './catalogs';
import { createIntl, IntlContext, type IntlError } from './intl';
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
  const intl = useMemo(
    () => createIntl(state.language, state.messages, reportIntlError),
    [state.language, state.messages],
  );

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
      <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>
    </LanguageContext.Provider>
  );
}

/**
 * A text the catalogue lacks is said in the console, in production too, where the browser tests see it; a message
 * that cannot be formatted is a mistake in it, shown while developing.
 */
function reportIntlError(error: IntlError) {
  if (error.code === 'MISSING_TRANSLATION' || import.meta.env.DEV) console.error(error.message, error.cause ?? '');
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage needs an I18nProvider above it');
  return value;
}

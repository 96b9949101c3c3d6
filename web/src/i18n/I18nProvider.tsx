/**
 * The app's language: the formatters of the chosen language (intl.ts) with its texts (catalogs.ts: the shell's and
 * those of the screens shown so far, more arriving as screens load, each before its screen draws), a way to change it at once (no reload; the new
 * language's texts are fetched first, then every text switches), `<html lang>` kept in step, and the choice
 * remembered in the browser. Saving it on the account is done by whoever listens (`onChange`), so this file knows
 * nothing of sessions. The shell texts of `language` are loaded before the provider draws (main.tsx, prerender.tsx
 * and the component tests' setup await loadMessages).
 */
import { setManifestLanguage } from '../pwa/app';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_CURRENCY, type Currency, type Language } from '../../../common/languages';
import { loadMessages, textsOf } from './catalogs';
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
  currency = DEFAULT_CURRENCY,
  children,
}: {
  language: Language;
  currency?: Currency;
  children: ReactNode;
}) {
  const [language, setShown] = useState(initial);
  // The same formatters for as long as the language stays: texts that arrive later are read when asked (a screen
  // draws only once its own are in), so their arrival draws nothing again, not even a screen React is still taking
  // over from the server's HTML (which a change of context above it would make React draw afresh).
  const intl = useMemo(() => createIntl(language, () => textsOf(language), reportIntlError), [language]);
  const listeners = useRef(new Set<(language: Language) => void>());

  useEffect(() => {
    document.documentElement.lang = language;
    setManifestLanguage(language);
  }, [language]);

  const setLanguage = useCallback(async (language: Language) => {
    // Kept before the catalogue arrives, so that a page left or reloaded at once opens in the chosen language.
    storeLanguage(language);
    await loadMessages(language);
    setShown(language);
    for (const listener of listeners.current) listener(language);
  }, []);

  const onLanguageChosen = useCallback((listener: (language: Language) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const value = useMemo(
    () => ({ language, currency, setLanguage, onLanguageChosen }),
    [language, currency, setLanguage, onLanguageChosen],
  );

  return (
    <LanguageContext.Provider value={value}>
      <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>
    </LanguageContext.Provider>
  );
}

/**
 * A text that is not loaded (a screen that does not name an area it shows: lazyWithTexts.ts) is said in the console,
 * in production too, where the browser tests see it; a message that cannot be formatted is a mistake in it, shown
 * while developing.
 */
function reportIntlError(error: IntlError) {
  if (error.code === 'MISSING_TRANSLATION' || import.meta.env.DEV) console.error(error.message, error.cause ?? '');
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage needs an I18nProvider above it');
  return value;
}

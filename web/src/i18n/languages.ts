/**
 * Which language a visitor sees: their stored choice, else the first of the browser's preferred
 * languages that the product speaks, else Albanian (a visitor whose browser lists neither gets `sq`).
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';

export const LANGUAGE_STORAGE_KEY = 'language';

/** The language of a BCP 47 tag the product speaks ('sq-AL' -> 'sq', 'en-GB' -> 'en'), if any. */
export const languageOfTag = (tag: string): Language | undefined => {
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
};

export function detectLanguage(stored: string | null | undefined, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode): the browser's languages decide
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

/** The language this browser should start in. */
export const initialLanguage = (): Language =>
  detectLanguage(
    readStoredLanguage(),
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  );

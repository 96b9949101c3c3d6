/**
 * Which language a visitor sees: their stored choice, else the first of the browser's preferred
 * languages that the product speaks, else Albanian (a visitor whose browser lists neither gets `sq`).
 */
import { detectLanguage, type Language } from '../../../common/languages';
import { LANGUAGE_COOKIE } from '../../../common/prerender';

export { detectLanguage, languageOfTag } from '../../../common/languages';

export const LANGUAGE_STORAGE_KEY = 'language';

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
  rememberLanguageForServer(language);
}

/**
 * The stored choice, also as a cookie: the server of the app's pages reads it to send the sign-in screen already
 * rendered in that language (common/prerender.ts). A preference only, for a year, on this site.
 */
export function rememberLanguageForServer(language: Language): void {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  } catch {
    // cookies blocked: the server goes by the browser's languages
  }
}

/** The language this browser should start in. */
export const initialLanguage = (): Language =>
  detectLanguage(
    readStoredLanguage(),
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  );

/**
 * The app's screens rendered at build time (web/prerender.ts): the sign-in screen, where every visitor who wants to
 * act arrives, one document per language. For its path the CDN (infra/constructs/webHosting.ts) and the local
 * server (bin/local/webBuild.ts) answer that document instead of the app's empty page, in the language the visitor's
 * app will choose: their stored choice (which the app also keeps as the LANGUAGE_COOKIE), else the browser's
 * languages (Accept-Language, as navigator.languages lists them), else Albanian. The app then hydrates what is on
 * the screen (web/src/main.tsx), or renders afresh where the choice differs.
 */
import { APP_PATHS } from './appRoutes';
import { detectLanguage, LANGUAGES, type Language } from './languages';

/** The app's paths answered with a document rendered at build time. */
export const PRERENDERED_PATHS: readonly string[] = [APP_PATHS.login];

/** The cookie that carries the visitor's stored language choice to the server (web/src/i18n/languages.ts). */
export const LANGUAGE_COOKIE = 'language';

/** The build's file of a screen's document in a language: `/login` in English is `/login.en.html`. */
export const prerenderedFile = (path: string, language: Language) => `${path}.${language}.html`;

/** Every prerendered document's file, for every language. */
export const PRERENDERED_FILES: readonly string[] = PRERENDERED_PATHS.flatMap((p) =>
  LANGUAGES.map((language) => prerenderedFile(p, language)),
);

/** The prerendered path a request's path opens (`/login` or `/login/`), if any. */
export function prerenderedPathOf(path: string): string | undefined {
  const bare = path.length > 1 ? path.replace(/\/$/, '') : path;
  return PRERENDERED_PATHS.includes(bare) ? bare : undefined;
}

/** The value of one cookie in a Cookie header, if it is there. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The tags of an Accept-Language header, most preferred first (`q=0` ones left out). */
export function acceptedLanguageTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/** The language a request's visitor will see the app in (see the file's comment). */
export function languageOfRequest(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  return detectLanguage(cookieValue(cookieHeader, LANGUAGE_COOKIE), acceptedLanguageTags(acceptLanguage));
}

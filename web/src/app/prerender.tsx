/**
 * The app rendered to HTML outside a browser, at build time (web/buildSteps.ts loads this module through Vite): the
 * screen of one address in one language, as a signed-out visitor's browser first draws it, with the same tree the
 * entry hydrates (AppRoot). It waits for the lazily loaded page, so the HTML holds the whole screen.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { APP_PATHS } from '../../../common/appRoutes';
import { LANGUAGES, type Language } from '../../../common/languages';
import { PRERENDERED_PATHS, prerenderedFile } from '../../../common/prerender';
import type { MessageId } from '../i18n/catalog/en';
import { loadMessages, textsOf } from '../i18n/catalogs';
import { BRAND } from '../../../common/brand';
import { AppRoot } from './AppRoot';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_LANGUAGE_ATTRIBUTE } from './prerendered';

export interface PrerenderedScreen {
  path: string;
  language: Language;
  /** Its document in the build (common/prerender.ts prerenderedFile). */
  file: string;
}

/** Every screen rendered at build time, in every language. */
export const PRERENDERED_SCREENS: readonly PrerenderedScreen[] = PRERENDERED_PATHS.flatMap((path) =>
  LANGUAGES.map((language) => ({ path, language, file: prerenderedFile(path, language) })),
);

/** The attributes of the app's container that say what it holds (read by the entry: main.tsx). */
export const containerAttributes = (screen: PrerenderedScreen) => ({
  [PRERENDERED_ATTRIBUTE]: screen.path,
  [PRERENDERED_LANGUAGE_ATTRIBUTE]: screen.language,
});

/** The title each prerendered screen sets (its page's usePageTitle), written into the document beforehand. */
const TITLES: Record<string, MessageId> = { [APP_PATHS.login]: 'auth.pageTitle' };

export interface Prerendered {
  /** The markup inside the app's container. */
  html: string;
  /** The document's title, as usePageTitle writes it. */
  title: string;
}

export async function prerenderScreen(path: string, language: Language): Promise<Prerendered> {
  await loadMessages(language);
  const { prelude } = await prerenderToNodeStream(<AppRoot language={language} location={path} />);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  // The page's own texts came with it (its areas: lazyWithTexts), the title's among them.
  const title = TITLES[path] ? `${textsOf(language)[TITLES[path]]} · ${BRAND.name}` : BRAND.name;
  return { html: Buffer.concat(chunks).toString('utf8'), title };
}

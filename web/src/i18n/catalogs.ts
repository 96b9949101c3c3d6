/**
 * The texts of each language, downloaded by area (`catalog/<language>/<area>.ts`, one file each in the build): the
 * shell's areas (SHELL_AREAS: the words of the navbar, menu and footer, loading and errors, the installable app's
 * notices) before the app draws anything, every other area with the screens that show it (lazyWithTexts.ts: each
 * page and section the router loads names its areas, and appears only once they are in). So a screen downloads its
 * own texts, not the whole catalogue, and never shows a text before it is there. An area once needed is kept for the
 * visit in each language in use: switching language downloads the shell and every area needed so far first.
 */
import type { Language } from '../../../common/languages';
import type { areas, MessageId } from './catalog/en';

/** The texts loaded so far, by message id. */
export type Messages = Readonly<Partial<Record<MessageId, string>>>;

export type Area = keyof typeof areas;

/** The areas the shell shows, downloaded before the app draws (test/unit/catalogueAreas.test.ts checks the list). */
export const SHELL_AREAS = ['common', 'errors', 'pwa'] as const satisfies readonly Area[];
type ShellArea = (typeof SHELL_AREAS)[number];
/** An area a screen shows, downloaded with it. */
export type ScreenArea = Exclude<Area, ShellArea>;

/**
 * Each area file of each language, keyed `<language>/<area>`; each exports its texts as `<area>`. The app's own areas
 * are under ./catalog, those the server's pages and emails say too under common/i18n/catalog (web/routeChunks.ts
 * CATALOGUE_FOLDERS names both for the build's tools).
 */
const files = new Map(
  Object.entries(
    import.meta.glob<Record<string, Record<string, string>>>([
      './catalog/*/*.ts',
      '!./catalog/*/index.ts',
      '../../../common/i18n/catalog/*/*.ts',
    ]),
  ).map(([file, load]) => [/\/catalog\/(\w+\/\w+)\.ts$/.exec(file)![1], load]),
);

/** Every screen area (the area files of the first language). */
export const SCREEN_AREAS: readonly ScreenArea[] = [...files.keys()]
  .map((key) => /^sq\/(\w+)$/.exec(key)?.[1])
  .filter((area): area is ScreenArea => !!area && !(SHELL_AREAS as readonly string[]).includes(area));

/** The languages the visit reads (its first one, and any it switched to). */
const inUse = new Set<Language>();
/** The screen areas the visit has needed so far. */
const needed = new Set<ScreenArea>();
const downloads = new Map<string, Promise<void>>();
const texts = new Map<Language, Messages>();

function loadArea(language: Language, area: Area): Promise<void> {
  const key = `${language}/${area}`;
  let download = downloads.get(key);
  if (!download) {
    const file = files.get(key);
    if (!file) return Promise.reject(new Error(`No texts of ${area} in ${language}`));
    download = file().then((module) => {
      texts.set(language, { ...texts.get(language), ...module[area] });
    });
    download.catch(() => downloads.delete(key)); // a failed download is tried again next time
    downloads.set(key, download);
  }
  return download;
}

/** Downloads the language's shell texts and every area needed so far; resolves with its texts. */
export async function loadMessages(language: Language): Promise<Messages> {
  inUse.add(language);
  await Promise.all([...SHELL_AREAS, ...needed].map((area) => loadArea(language, area)));
  return texts.get(language) ?? {};
}

/** Downloads screen areas in every language the visit reads (the one shown, and one being switched to). */
export async function loadTexts(areas: readonly ScreenArea[]): Promise<void> {
  for (const area of areas) needed.add(area);
  await Promise.all([...inUse].flatMap((language) => areas.map((area) => loadArea(language, area))));
}

/** The texts of a language loaded so far. */
export const textsOf = (language: Language): Messages => texts.get(language) ?? {};

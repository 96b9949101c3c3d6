/**
 * The public pages (server-rendered, readable without signing in or JavaScript): their addresses in both
 * languages, slugs, and which paths the public renderer answers. One place for every public link, canonical,
 * hreflang and sitemap address (lambdas/site builds them all from here), and for the path list that the local
 * dev server and the CDN route to the renderer (bin/local/stack.ts; the CloudFront behaviours).
 *
 * Albanian is the default language, without prefix; English lives under /en/:
 *   landing        /                         /en/
 *   service        /sherbime/{sq slug}       /en/services/{en slug}
 *   service x town /sherbime/{sq}/{town}     /en/services/{en}/{town}
 *   business       /biznes/{slug}            /en/business/{slug}
 *   privacy        /privatesia               /en/privacy
 *   ideas          /ide                      /en/ideas
 *   ideas of a room /ide/{room sq}           /en/ideas/{room}            (…/{town}: the room in a town)
 *   ideas of a style /ide/stil/{style sq}    /en/ideas/style/{style}
 *   ideas of a service /ide/sherbim/{sq}     /en/ideas/service/{en}
 *   one idea       /ide/foto/{id}            /en/ideas/photo/{id}
 *   a shared board /ide/tabela/{id}          /en/ideas/board/{id}
 * A gallery's next page adds `/pas/{cursor}` (`/after/{cursor}` in English).
 */
import { SERVICE_NAMES, serviceId, TOWNS } from './constants';
import { fold } from './search';
import { IDEA_ROOMS, IDEA_STYLES, ROOM_SLUGS_SQ, STYLE_SLUGS_SQ, type IdeaRoom, type IdeaStyle } from './ideas';

export const PUBLIC_LANGUAGES = ['sq', 'en'] as const;
export type PublicLanguage = (typeof PUBLIC_LANGUAGES)[number];

/** Longest slug a business name gives (before a `-2`, `-3`… suffix that keeps it unique). */
export const MAX_SLUG_LENGTH = 60;

/**
 * A readable address part from a text: Albanian letters folded (ë→e, ç→c, like search does), lower case, every
 * run of other characters one hyphen, at most MAX_SLUG_LENGTH characters; '' when nothing readable is left.
 */
export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
}

/** The slug a business name gives: its folded name, `biznes` when the name has no letter or digit left. */
export const businessSlugBase = (name: string) => slugify(name) || 'biznes';

/** The `n`th candidate slug for a name (1: the base itself; then base-2, base-3, …). */
export const slugCandidate = (base: string, n: number) => (n <= 1 ? base : `${base}-${n}`);

/** Whether `slug` is one of the candidates of `base` (so a rename that gives the same base keeps it). */
export const isCandidateOf = (slug: string, base: string) =>
  slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));

/** Albanian address words of the services (their Albanian names folded), by service id. */
const SERVICE_SLUGS_SQ: Record<string, string> = {
  'interior-design': 'dizajn-interieri',
  decor: 'dekor',
  furniture: 'mobilieri',
  outdoor: 'ambiente-te-jashtme',
  dural: 'duralumin',
  flooring: 'dysheme',
  painting: 'lyerje',
  lights: 'ndricim',
  bathroom: 'banjo',
};

/** The service ids in the product's order. */
export const PUBLIC_SERVICE_IDS: readonly string[] = SERVICE_NAMES.map(serviceId);

/** The address word of a service in a language (English: its id). */
export const serviceSlug = (id: string, lang: PublicLanguage) => (lang === 'sq' ? (SERVICE_SLUGS_SQ[id] ?? id) : id);

/** The service id of an address word in a language, if it is one. */
export const serviceOfSlug = (slug: string, lang: PublicLanguage) =>
  PUBLIC_SERVICE_IDS.find((id) => serviceSlug(id, lang) === slug);

/** A town's address word (the same in both languages): `Tirana` → `tirana`, `Korçë` → `korce`. */
export const townSlug = (town: string) => slugify(town);

/** The town of an address word, if it is one of the towns. */
export const townOfSlug = (slug: string): string | undefined => TOWNS.find((t) => townSlug(t) === slug);

const EN_PREFIX = '/en';
/** The privacy page in Albanian (English: /en/privacy). */
const PRIVACY_PATH_SQ = '/privatesia';

/** A room's address word in a language (English: its id). */
export const roomSlug = (room: IdeaRoom, lang: PublicLanguage) => (lang === 'sq' ? ROOM_SLUGS_SQ[room] : room);
/** A style's address word in a language (English: its id). */
export const styleSlug = (style: IdeaStyle, lang: PublicLanguage) => (lang === 'sq' ? STYLE_SLUGS_SQ[style] : style);
const roomOfSlug = (slug: string, lang: PublicLanguage) => IDEA_ROOMS.find((r) => roomSlug(r, lang) === slug);
const styleOfSlug = (slug: string, lang: PublicLanguage) => IDEA_STYLES.find((s) => styleSlug(s, lang) === slug);

/** The words of the ideas' addresses in each language. */
const IDEA_WORDS = {
  sq: { root: 'ide', style: 'stil', service: 'sherbim', photo: 'foto', board: 'tabela', after: 'pas' },
  en: { root: 'ideas', style: 'style', service: 'service', photo: 'photo', board: 'board', after: 'after' },
} as const;

/** A gallery of ideas: all, a room (in a town), a style or a service; `after` names a next page. */
export interface IdeasPage {
  kind: 'ideas';
  room?: IdeaRoom;
  town?: string;
  style?: IdeaStyle;
  service?: string;
  after?: string;
}

/** Every public page, as the renderer knows it. */
export type PublicPage =
  | { kind: 'landing' }
  | { kind: 'service'; service: string }
  | { kind: 'serviceTown'; service: string; town: string }
  | { kind: 'business'; slug: string }
  | { kind: 'privacy' }
  | IdeasPage
  | { kind: 'idea'; id: string }
  | { kind: 'board'; id: string };

/** The path of a page in a language. */
export function pagePath(page: PublicPage, lang: PublicLanguage): string {
  const en = lang === 'en';
  switch (page.kind) {
    case 'landing':
      return en ? `${EN_PREFIX}/` : '/';
    case 'service':
      return en
        ? `${EN_PREFIX}/services/${serviceSlug(page.service, lang)}`
        : `/sherbime/${serviceSlug(page.service, lang)}`;
    case 'serviceTown':
      return `${pagePath({ kind: 'service', service: page.service }, lang)}/${townSlug(page.town)}`;
    case 'business':
      return en ? `${EN_PREFIX}/business/${encodeURIComponent(page.slug)}` : `/biznes/${encodeURIComponent(page.slug)}`;
    case 'privacy':
      return en ? `${EN_PREFIX}/privacy` : PRIVACY_PATH_SQ;
    case 'ideas': {
      const w = IDEA_WORDS[lang];
      const root = `${en ? EN_PREFIX : ''}/${w.root}`;
      const base = page.room
        ? `${root}/${roomSlug(page.room, lang)}${page.town ? `/${townSlug(page.town)}` : ''}`
        : page.style
          ? `${root}/${w.style}/${styleSlug(page.style, lang)}`
          : page.service
            ? `${root}/${w.service}/${serviceSlug(page.service, lang)}`
            : root;
      return page.after ? `${base}/${w.after}/${encodeURIComponent(page.after)}` : base;
    }
    case 'idea':
    case 'board': {
      const w = IDEA_WORDS[lang];
      return `${en ? EN_PREFIX : ''}/${w.root}/${page.kind === 'idea' ? w.photo : w.board}/${encodeURIComponent(page.id)}`;
    }
  }
}

/** The gallery a page of ideas is, without its next page's position (its first page). */
export const firstPageOf = ({ after: _after, ...page }: IdeasPage): IdeasPage => page;

/** The page of the ideas' part of an address (after `/ide` or `/en/ideas`), if it names one. */
function parseIdeasPath(parts: string[], lang: PublicLanguage): PublicPage | undefined {
  const w = IDEA_WORDS[lang];
  let rest = parts;
  let after: string | undefined;
  // A next page: the last two parts are the word and the position (a cursor: url-safe base64).
  if (rest.length >= 2 && rest[rest.length - 2] === w.after) {
    after = rest[rest.length - 1];
    if (!/^[A-Za-z0-9_-]{1,2048}$/.test(after)) return undefined;
    rest = rest.slice(0, -2);
  }
  const paged = (page: IdeasPage): IdeasPage => (after ? { ...page, after } : page);
  const [first, second, third] = rest;
  if (!first) return paged({ kind: 'ideas' });
  if (rest.length === 2 && !after && (first === w.photo || first === w.board))
    return /^[A-Za-z0-9_-]{1,128}$/.test(second)
      ? { kind: first === w.photo ? 'idea' : 'board', id: second }
      : undefined;
  if (first === w.style) {
    const style = rest.length === 2 ? styleOfSlug(second, lang) : undefined;
    return style ? paged({ kind: 'ideas', style }) : undefined;
  }
  if (first === w.service) {
    const service = rest.length === 2 ? serviceOfSlug(second, lang) : undefined;
    return service ? paged({ kind: 'ideas', service }) : undefined;
  }
  const room = roomOfSlug(first, lang);
  if (!room || rest.length > 2) return undefined;
  if (third !== undefined) return undefined;
  if (second === undefined) return paged({ kind: 'ideas', room });
  const town = townOfSlug(second);
  return town ? paged({ kind: 'ideas', room, town }) : undefined;
}

/** Sitemap and robots addresses. */
export const ROBOTS_PATH = '/robots.txt';
export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const SITEMAP_PATHS = {
  static: '/sitemap-static.xml',
  businesses: '/sitemap-businesses.xml',
  directory: '/sitemap-directory.xml',
  ideas: '/sitemap-ideas.xml',
} as const;

/** A requested path: its language and the page it names (no page: a 404 in that language). */
export function parsePublicPath(rawPath: string): { lang: PublicLanguage; page?: PublicPage } {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    path = rawPath;
  }
  const en = path === EN_PREFIX || path.startsWith(`${EN_PREFIX}/`);
  const lang: PublicLanguage = en ? 'en' : 'sq';
  const parts = (en ? path.slice(EN_PREFIX.length) : path).split('/').filter(Boolean);
  const [first, second, third, fourth] = parts;
  if (!first) return { lang, page: { kind: 'landing' } };
  if (first === IDEA_WORDS[lang].root) {
    const page = parseIdeasPath(parts.slice(1), lang);
    return page ? { lang, page } : { lang };
  }
  if (fourth !== undefined) return { lang };
  if (first === (en ? 'privacy' : PRIVACY_PATH_SQ.slice(1)))
    return second ? { lang } : { lang, page: { kind: 'privacy' } };
  if (first === (en ? 'business' : 'biznes'))
    return second && !third ? { lang, page: { kind: 'business', slug: second } } : { lang };
  if (first !== (en ? 'services' : 'sherbime')) return { lang };
  const service = second ? serviceOfSlug(second, lang) : undefined;
  if (!service) return { lang };
  if (!third) return { lang, page: { kind: 'service', service } };
  const town = townOfSlug(third);
  return town ? { lang, page: { kind: 'serviceTown', service, town } } : { lang };
}

/**
 * The path patterns the public renderer answers (everything else is the app or a file). The dev server and the
 * CDN's behaviours route exactly these (CloudFront path patterns: `*` matches any characters).
 */
export const PUBLIC_PATH_PATTERNS = [
  '/',
  '/en',
  '/en/*',
  '/biznes/*',
  '/sherbime',
  '/sherbime/*',
  PRIVACY_PATH_SQ,
  '/ide',
  '/ide/*',
  ROBOTS_PATH,
  '/sitemap*.xml',
] as const;

/** Whether the renderer answers this path (the same rule as PUBLIC_PATH_PATTERNS). */
export function isPublicPath(path: string): boolean {
  return (
    path === '/' ||
    path === '/en' ||
    path.startsWith('/en/') ||
    path.startsWith('/biznes/') ||
    path === '/sherbime' ||
    path.startsWith('/sherbime/') ||
    path === PRIVACY_PATH_SQ ||
    path === '/ide' ||
    path.startsWith('/ide/') ||
    path === ROBOTS_PATH ||
    /^\/sitemap[^/]*\.xml$/.test(path)
  );
}

/** The app route a signed-in visitor of the landing page is sent to: it opens their dashboard (web router). */
export const APP_HOME_PATH = '/app';

/**
 * Where the web app keeps, in this browser, the id of the business signed in (written at sign-in, removed at sign
 * out): a business's public page sends no view beacon from its owner's own browser (lambdas/site/viewBeacon.tsx).
 */
export const OWN_BUSINESS_STORAGE_KEY = 'interio.ownBusiness';

/**
 * English words left on an Albanian screen: every word of the English catalogue (web/src/i18n/catalog/en) that the
 * Albanian catalogue never uses, looked for in what the page shows and says (its text, and the title, aria-label,
 * placeholder and alt of its elements).
 *
 * Designed not to trip on what both languages share: a word the Albanian catalogue uses too (Premium, Standard,
 * Paddle, CSV, data...) is no English word here; a placeholder's name (`{count}`) and ICU's keywords are not words of
 * the text; words of one or two letters, anything with a digit (amounts, dates, ids) and addresses (an email, a
 * link) are left out; the
 * product's towns are names (common/constants.ts TOWNS: Tirana is one). What people wrote (names of businesses and
 * people, request titles, reasons, notes) is marked `translate="no"` by the screens, as HTML means it (a name is not
 * translated): it is not read.
 */
import type { Page } from 'playwright-core';
import { TOWNS } from '../../common/constants';
import { en } from '../../web/src/i18n/catalog/en';
import { sq } from '../../web/src/i18n/catalog/sq';

const WORD = /\p{L}+/gu;
/** Addresses are names, not words: an email (support@interio.al) or a link's address. */
const ADDRESSES = /\S+@\S+|https?:\/\/\S+/g;
const ICU_KEYWORDS = new Set(['plural', 'select', 'selectordinal', 'one', 'other', 'few', 'many', 'zero', 'two']);

/** The words of a catalogue's texts (lower case), without its placeholders' names and ICU's keywords. */
function wordsOf(texts: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    const names = new Set([...text.matchAll(/\{\s*(\p{L}+)/gu)].map((m) => m[1].toLowerCase()));
    for (const [word] of text.matchAll(WORD)) {
      const w = word.toLowerCase();
      if (w.length > 2 && !names.has(w) && !ICU_KEYWORDS.has(w)) words.add(w);
    }
  }
  return words;
}

const albanian = wordsOf([...Object.values(sq), ...TOWNS]);
/** Words only the English catalogue uses. */
export const ENGLISH_ONLY = new Set([...wordsOf(Object.values(en))].filter((w) => !albanian.has(w)));

/**
 * What the page shows and says: its text nodes outside `translate="no"`, and its elements' labels (which may name
 * what people wrote: `names` holds the words of the page's `translate="no"` texts, left out of the labels only).
 */
export function pageTexts(page: Page): Promise<{ texts: string[]; labels: string[]; names: string[] }> {
  return page.evaluate(() => {
    const kept = (el: Element | null) => !!el && !el.closest('[translate="no"], script, style, noscript');
    const texts: string[] = [];
    const labels: string[] = [];
    const names: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text) continue;
      if (kept(node.parentElement)) texts.push(text);
      else if (node.parentElement?.closest('[translate="no"]')) names.push(text);
    }
    for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder], [alt]'))
      if (kept(el))
        for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
          const value = el.getAttribute(name)?.trim();
          if (value) labels.push(value);
        }
    labels.push(document.title);
    return { texts, labels, names };
  });
}

/** The English-only words the page shows, each with the text it is in (none on a screen wholly in Albanian). */
export async function englishWordsOn(page: Page): Promise<string[]> {
  const { texts, labels, names } = await pageTexts(page);
  const named = new Set(names.flatMap((n) => [...n.matchAll(WORD)].map(([w]) => w.toLowerCase())));
  const found: string[] = [];
  for (const [text, isLabel] of [...texts.map((t) => [t, false] as const), ...labels.map((l) => [l, true] as const)])
    for (const [word] of text.replace(ADDRESSES, ' ').matchAll(WORD)) {
      const w = word.toLowerCase();
      if (ENGLISH_ONLY.has(w) && !(isLabel && named.has(w))) found.push(`${word} (in "${text.slice(0, 80)}")`);
    }
  return found;
}

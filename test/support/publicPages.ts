/**
 * Reading a public page as a crawler does (unit and integration tests): its head tags, its JSON-LD, its <h1>,
 * parsed from the HTML alone (happy-dom's parser, no script runs), and the JSON-LD checked by Adobe's
 * structured-data validator (Google's rich-result rules; offline: no schema.org vocabulary is fetched).
 */
import Validator from '@adobe/structured-data-validator';
import { Window } from 'happy-dom';

export interface PageHead {
  lang: string | null;
  title: string;
  description: string | null;
  canonical: string | null;
  /** hreflang → href of every <link rel="alternate" hreflang>. */
  alternates: Record<string, string>;
  robots: string | null;
  meta: Record<string, string>;
  jsonLd: Record<string, unknown>[];
  h1: string[];
  links: string[];
  text: string;
}

export function readPage(html: string): PageHead {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? null;
  const alternates: Record<string, string> = {};
  for (const link of doc.querySelectorAll('link[rel="alternate"][hreflang]'))
    alternates[link.getAttribute('hreflang')!] = link.getAttribute('href')!;
  const meta: Record<string, string> = {};
  for (const m of doc.querySelectorAll('meta[property], meta[name]'))
    meta[(m.getAttribute('property') ?? m.getAttribute('name'))!] = m.getAttribute('content') ?? '';
  const head = {
    lang: doc.documentElement.getAttribute('lang'),
    title: doc.querySelector('title')?.textContent ?? '',
    description: attr('meta[name="description"]', 'content'),
    canonical: attr('link[rel="canonical"]', 'href'),
    alternates,
    robots: attr('meta[name="robots"]', 'content'),
    meta,
    jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
    ),
    h1: [...doc.querySelectorAll('h1')].map((h) => (h.textContent ?? '').trim()),
    links: [...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!),
    text: doc.body?.textContent ?? '',
  };
  void window.happyDOM.close();
  return head;
}

/** The validator's findings of severity ERROR for these JSON-LD blocks ([] when valid). */
export async function structuredDataErrors(jsonLd: Record<string, unknown>[]): Promise<string[]> {
  const byType: Record<string, Record<string, unknown>[]> = {};
  for (const item of jsonLd) (byType[String(item['@type'])] ??= []).push(item);
  const issues = await new Validator(undefined).validate({ jsonld: byType });
  return issues.filter((i) => i.severity === 'ERROR').map((i) => `${i.rootType}: ${i.issueMessage}`);
}

/** All the validator's findings (errors and warnings), to show that it reads the blocks at all. */
export async function structuredDataIssues(jsonLd: Record<string, unknown>[]) {
  const byType: Record<string, Record<string, unknown>[]> = {};
  for (const item of jsonLd) (byType[String(item['@type'])] ??= []).push(item);
  return new Validator(undefined).validate({ jsonld: byType });
}

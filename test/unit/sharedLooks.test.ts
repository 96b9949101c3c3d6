/**
 * The brand and the design tokens are declared once, in common/: the web app's static files name the brand of
 * common/brand.ts, and every CSS variable the web app's stylesheet, the public pages and the emails use is a token of
 * common/designTokens.ts (none is defined anywhere else).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../common/brand';
import { DESIGN_TOKENS, designTokensCss } from '../../common/designTokens';
import { pageCss } from '../../lambdas/site/styles';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the brand', () => {
  it("is the name the web app's page and its install manifests show", () => {
    const html = read('web/index.html');
    expect(html).toMatch(new RegExp(`<title>${BRAND.name}\\b`));
    expect(html).toContain(`name="apple-mobile-web-app-title" content="${BRAND.name}"`);
    for (const language of ['sq', 'en']) {
      const manifest = JSON.parse(read(`web/public/manifest.${language}.webmanifest`)) as Record<string, string>;
      expect(manifest.short_name).toBe(BRAND.name);
      expect(manifest.name.startsWith(`${BRAND.name} `)).toBe(true);
    }
  });
});

describe('the design tokens', () => {
  const tokens = Object.keys(DESIGN_TOKENS);
  /** The variables read whose names are of the tokens' families (a component's own, set inline, are not). */
  const family = new RegExp(`^--(${[...new Set(tokens.map((t) => t.split('-')[2]))].join('|')})\\b`);
  const used = (css: string) =>
    [...new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]))].filter((v) => family.test(v));
  const defined = (css: string) => [...css.matchAll(/(?:^|[{;\s])(--[\w-]+)\s*:/g)].map((m) => m[1]);

  it('are one :root block of CSS variables, every value as declared', () => {
    const css = designTokensCss();
    expect(css.startsWith(':root{')).toBe(true);
    for (const [name, value] of Object.entries(DESIGN_TOKENS)) expect(css).toContain(`${name}:${value}`);
  });

  it("are the only variables of their families the web app's stylesheet reads, and it defines none but a narrow screen's navbar", () => {
    const css = read('web/src/styles/global.css');
    expect(used(css).filter((v) => !tokens.includes(v))).toEqual([]);
    expect(defined(css)).toEqual(['--navbar-height']);
  });

  it("are what the public pages' inlined stylesheet starts with and reads", () => {
    const css = pageCss();
    expect(css.startsWith(designTokensCss())).toBe(true);
    expect(used(css).filter((v) => !tokens.includes(v))).toEqual([]);
  });

  it('give the emails their colours: no colour is written in them by hand', () => {
    for (const file of [
      'lambdas/notify/emails.ts',
      'lambdas/notify/operatorReport.ts',
      'lambdas/notify/unsubscribePages.ts',
    ])
      expect(read(file).match(/#[0-9a-fA-F]{3,6}\b(?!;)/g) ?? [], file).toEqual([]);
  });
});

/**
 * The privacy page without I/O: its two addresses, its head (indexable, canonical and hreflang in both languages),
 * what it says (the erasure delay, the backups' 35 days, each processor and where the stage keeps the data, the
 * rights with where to use them, the browser storage and why no consent banner), in both languages.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { isPublicPath, pagePath, parsePublicPath } from '../../common/publicPages';
import { BACKUP_RETENTION_DAYS, ERASURE_DELAY_DAYS } from '../../common/privacy';
import { PrivacyPage, privacyHead } from '../../lambdas/site/pages/privacy';

const ORIGIN = 'https://interio.al';
const facts = {
  awsRegion: 'eu-central-1',
  chatDatabaseUrl: 'https://interio-default-rtdb.europe-west1.firebasedatabase.app',
};
const text = (lang: 'sq' | 'en') =>
  renderToStaticMarkup(createElement(PrivacyPage, { lang, facts }))
    .replace(/<style[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('the privacy page', () => {
  it('lives at /privatesia and /en/privacy, routed to the public renderer', () => {
    expect(pagePath({ kind: 'privacy' }, 'sq')).toBe('/privatesia');
    expect(pagePath({ kind: 'privacy' }, 'en')).toBe('/en/privacy');
    expect(parsePublicPath('/privatesia')).toEqual({ lang: 'sq', page: { kind: 'privacy' } });
    expect(parsePublicPath('/en/privacy')).toEqual({ lang: 'en', page: { kind: 'privacy' } });
    expect(parsePublicPath('/privatesia/x')).toEqual({ lang: 'sq' });
    expect(isPublicPath('/privatesia')).toBe(true);
  });

  it('is indexable, with its canonical and both languages', () => {
    const head = privacyHead(ORIGIN, 'en', facts);
    expect(head.noindex).toBeUndefined();
    expect(head.canonical).toBe(`${ORIGIN}/en/privacy`);
    expect(head.alternates).toEqual({
      sq: `${ORIGIN}/privatesia`,
      en: `${ORIGIN}/en/privacy`,
      'x-default': `${ORIGIN}/privatesia`,
    });
  });

  it('says what happens, for how long, who processes it and where, in English', () => {
    const en = text('en');
    expect(en).toContain(`erased ${ERASURE_DELAY_DAYS} days later`);
    expect(en).toContain(`point-in-time copy of every change for ${BACKUP_RETENTION_DAYS} days`);
    expect(en).toContain('AWS region eu-central-1 (Frankfurt, Germany)');
    expect(en).toContain('Belgium (europe-west1)');
    for (const processor of ['Amazon Web Services', 'Amazon SES', 'Google Firebase', 'Paddle', 'push service'])
      expect(en).toContain(processor);
    expect(en).toContain('Settings › Privacy › Download my data');
    expect(en).toContain('Settings › Privacy › Delete my account');
    expect(en).toContain('No cookies.');
    expect(en).toContain('no consent banner');
  });

  it('says the same in Albanian, and follows the stage’s region and chat database', () => {
    const sq = text('sq');
    expect(sq).toContain(`fshihet përgjithmonë pas ${ERASURE_DELAY_DAYS} ditësh`);
    expect(sq).toContain(`${BACKUP_RETENTION_DAYS} ditë`);
    expect(sq).toContain('Cilësimet › Privatësia › Shkarko të dhënat e mia');
    expect(sq).toContain('nuk ka banner pëlqimi');
    // Its date as the app writes dates, and no English name of the browser's storage.
    expect(sq).toContain('Ndryshuar së fundi më 27 nëntor 2026.');
    expect(sq).toContain('Ruajtja vendore e shfletuesit:');
    expect(sq).not.toContain('Local storage');
    expect(text('en')).toContain('Last changed on November 27, 2026.');
    const elsewhere = renderToStaticMarkup(
      createElement(PrivacyPage, {
        lang: 'en',
        facts: { awsRegion: 'eu-south-1', chatDatabaseUrl: 'https://x.firebaseio.com' },
      }),
    );
    expect(elsewhere).toContain('eu-south-1 (Milan, Italy)');
    expect(elsewhere).toContain('Iowa, USA (us-central1)');
  });
});

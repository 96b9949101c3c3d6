/**
 * The operators' weekly email (lambdas/notify/operatorReport.ts), as rendered for a week: the headline figures with
 * their change from the week before and the worst town and service pairs, in Albanian and in English, in HTML and in
 * plain text, with the link to the week's figures. Sending it once per operator is tested on the local stack
 * (test/integration/operatorFigures.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_FIGURES } from '../../common/operatorFigures';
import { lastWeek, renderReport, type WeekReport } from '../../lambdas/notify/operatorReport';

beforeAll(() => {
  process.env.APP_URL = 'https://app.example.al';
});

const report: WeekReport = {
  weekStart: '2026-03-02',
  figures: OPERATOR_FIGURES.filter((f) => f.headline).map((f) => ({
    id: f.id,
    value: f.id === 'requests' ? 40 : f.id === 'answeredWithin24h' ? 0.75 : f.id === 'firstOfferMedian' ? 5400 : null,
    previous: f.id === 'requests' ? 32 : f.id === 'answeredWithin24h' ? 0.8 : null,
  })),
  worst: [
    { town: 'Fier', service: 'decor', requests: 3, answeredWithin24h: 0 },
    { town: 'Korçë', service: 'interior-design', requests: 5, answeredWithin24h: 2 },
  ],
};

describe("the operators' weekly email", () => {
  it('in English: the week, each headline figure with its change, the worst pairs and the link', () => {
    const mail = renderReport(report, 'en');
    expect(mail.subject).toBe('The marketplace in the week of 2 March 2026');
    expect(mail.text).toContain('The week of 2 March 2026 to 8 March 2026');
    expect(mail.text).toContain('- Requests posted: 40 (up 25% from the week before)');
    expect(mail.text).toContain('- Answered within 24 h: 75% (down 5 points from the week before)');
    expect(mail.text).toContain('- Time to first offer (median): 1.5 h (none the week before)');
    expect(mail.text).toContain('- Offers per request: No figure\n');
    expect(mail.text).toContain('- Fier · Decor: 0%, 0 of 3 within 24 h');
    expect(mail.text).toContain('- Korçë · Interior Design: 40%, 2 of 5 within 24 h');
    expect(mail.text).toContain('Open the figures: https://app.example.al/operator?week=2026-03-02');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('<li><strong>Korçë · Interior Design</strong>: 40%, 2 of 5 within 24 h</li>');
    // A figure going the wrong way is red, the right way green.
    expect(mail.html).toMatch(/color:#2f6a40">up 25% from the week before/);
    expect(mail.html).toMatch(/color:#b93a2f">down 5 points from the week before/);
  });

  it('in Albanian, and says so when every request was answered in time', () => {
    const mail = renderReport({ ...report, worst: [] }, 'sq');
    expect(mail.subject).toBe('Tregu në javën që nisi më 2 mars 2026');
    expect(mail.text).toContain('- Kërkesa të postuara: 40 (25% më shumë se java e mëparshme)');
    expect(mail.text).toContain('Çdo kërkesë e javës mori një ofertë brenda 24 orëve.');
    expect(mail.html).toContain('<html lang="sq">');
  });

  it('goes out for the week that just ended', () => {
    expect(lastWeek(new Date('2026-03-09T06:30:00Z'))).toBe('2026-03-02');
    expect(lastWeek(new Date('2026-03-15T23:59:00Z'))).toBe('2026-03-02');
  });
});

/**
 * The rules of Sponsored runs that the API and the app share (common/adRuns.ts): the refund rule of a run its
 * business cancels or stops, what a new run would add to the business's own runs it overlaps, and a run's days as
 * its lists show them (a 7-day run from 7 December shows to 13 December).
 */
import { describe, expect, it } from 'vitest';
import { AD_RUN_DAYS, plannedReach, runDays, runOverlap, runStopTerms } from '../../common/adRuns';

const DAY = 24 * 3600 * 1000;
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs).toISOString();
const NOW = '2026-12-07T10:00:00.000Z';

describe('the refund rule of a cancelled or stopped run', () => {
  it('a run paid and not started is cancelled and refunded wholly', () => {
    expect(
      runStopTerms({ state: 'scheduled', startsAt: at(NOW, 3 * DAY), endsAt: at(NOW, 10 * DAY), price: 20 }, NOW),
    ).toEqual({
      kind: 'cancel',
      daysLeft: AD_RUN_DAYS,
      refund: 20,
    });
  });

  it('a live run is refunded 1/7 of its price per whole day left, rounded down to the cent; the day under way is not', () => {
    const live = (leftMs: number) =>
      runStopTerms({ state: 'live', startsAt: at(NOW, leftMs - 7 * DAY), endsAt: at(NOW, leftMs), price: 20 }, NOW);
    expect(live(7 * DAY)).toEqual({ kind: 'stop', daysLeft: 7, refund: 20 });
    expect(live(4.5 * DAY)).toEqual({ kind: 'stop', daysLeft: 4, refund: 11.42 });
    expect(live(1 * DAY)).toEqual({ kind: 'stop', daysLeft: 1, refund: 2.85 });
    expect(live(DAY - 1)).toEqual({ kind: 'stop', daysLeft: 0, refund: 0 });
  });

  it('an included run refunds nothing; no refund is more than is left of the payment; an ended or unpaid run has no terms', () => {
    expect(
      runStopTerms(
        { state: 'scheduled', startsAt: at(NOW, DAY), endsAt: at(NOW, 8 * DAY), price: 0, includedMonth: '2026-12' },
        NOW,
      ),
    ).toEqual({ kind: 'cancel', daysLeft: 7, refund: 0 });
    expect(
      runStopTerms({ state: 'scheduled', startsAt: at(NOW, DAY), endsAt: at(NOW, 8 * DAY), price: 20 }, NOW, 5),
    ).toMatchObject({ refund: 5 });
    expect(runStopTerms({ state: 'ended', price: 20 }, NOW)).toBeUndefined();
    expect(runStopTerms({ state: 'awaiting_payment', price: 20 }, NOW)).toBeUndefined();
  });
});

describe('what a new run adds to the same business’s runs it overlaps', () => {
  const live = {
    _id: 'r1',
    state: 'live' as const,
    category: 'decor',
    towns: ['Tiranë'],
    startsAt: NOW,
    endsAt: at(NOW, 7 * DAY),
  };

  it('the same service, towns and days: it overlaps and adds nothing', () => {
    expect(runOverlap([live], plannedReach({ category: 'decor', towns: ['Tiranë'] }, NOW))).toEqual({
      runs: [{ _id: 'r1', state: 'live', towns: ['Tiranë'], startsAt: NOW, endsAt: at(NOW, 7 * DAY) }],
      addsTowns: [],
      addsCountry: false,
      addsDays: 0,
    });
  });

  it('another town and later days: it says which towns and how many days it adds', () => {
    const overlap = runOverlap(
      [live],
      plannedReach({ category: 'decor', towns: ['Tiranë', 'Durrës'], startDate: '2026-12-10' }, NOW),
    );
    // 10 December 00:00 to 17 December 00:00; the live run ends 14 December 10:00: 2 days 14 hours more, rounded.
    expect(overlap).toMatchObject({ addsTowns: ['Durrës'], addsCountry: false, addsDays: 3 });
    expect(
      runOverlap([{ ...live, towns: [] }], plannedReach({ category: 'decor', towns: ['Durrës'] }, NOW)),
    ).toMatchObject({
      addsTowns: [],
    });
    expect(runOverlap([live], plannedReach({ category: 'decor', towns: [] }, NOW))).toMatchObject({
      addsCountry: true,
    });
  });

  it('another service, no town in common, no day in common, or a run that is not paid or over: no overlap', () => {
    expect(runOverlap([live], plannedReach({ category: 'lights', towns: ['Tiranë'] }, NOW))).toBeUndefined();
    expect(runOverlap([live], plannedReach({ category: 'decor', towns: ['Vlorë'] }, NOW))).toBeUndefined();
    expect(
      runOverlap([live], plannedReach({ category: 'decor', towns: ['Tiranë'], startDate: '2026-12-15' }, NOW)),
    ).toBeUndefined();
    expect(
      runOverlap([{ ...live, state: 'ended' }], plannedReach({ category: 'decor', towns: ['Tiranë'] }, NOW)),
    ).toBeUndefined();
    expect(
      runOverlap([{ ...live, state: 'awaiting_payment' }], plannedReach({ category: 'decor', towns: ['Tiranë'] }, NOW)),
    ).toBeUndefined();
  });
});

describe('a run’s days', () => {
  it('a 7-day run from a chosen first day reads from that day to the sixth after it', () => {
    expect(runDays('2026-12-07T00:00:00.000Z', '2026-12-14T00:00:00.000Z')).toEqual({
      days: 7,
      wholeDays: true,
      firstDay: '2026-12-07',
      lastDay: '2026-12-13',
    });
  });

  it('a run started when it was paid starts and ends at that time of day; one stopped early counts the days it ran', () => {
    expect(runDays(NOW, at(NOW, 7 * DAY))).toEqual({
      days: 7,
      wholeDays: false,
      firstDay: '2026-12-07',
      lastDay: '2026-12-14',
    });
    expect(runDays('2026-12-07T00:00:00.000Z', '2026-12-09T00:00:00.000Z')).toMatchObject({
      days: 2,
      lastDay: '2026-12-08',
    });
  });
});

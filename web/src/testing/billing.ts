/** A GET /subscription answer for component tests: Basic, nothing used, or as given. */
import type { Billing } from '../../../common/types';

export const billingAnswer = (over: Partial<Billing> = {}, offersUsed = 0): Billing => ({
  plan: 'basic',
  price: 0,
  currency: 'EUR',
  status: 'free',
  manageCard: false,
  usage: {
    month: '2026-11',
    resetsAt: '2026-11-30T23:00:00.000Z',
    offers: { used: offersUsed, limit: 10 },
    portfolioPictures: { used: 3, limit: 12 },
    includedRuns: { used: 0, limit: 0 },
  },
  ...over,
});

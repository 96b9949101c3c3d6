/**
 * How a price is written: in the stage's one currency through Intl.NumberFormat, whole units unless asked for
 * decimals ("€1,900" in English, "1.900 €" in Albanian). The web app (web/src/i18n/format.ts)
 * and the public pages (lambdas/site) both write prices with these options.
 */
import type { Currency } from './languages';

/** Intl.NumberFormat options of a price in `currency` with `decimals` digits after the point. */
export const moneyOptions = (currency: Currency, decimals = 0) => ({
  style: 'currency' as const,
  currency,
  minimumFractionDigits: decimals,
  maximumFractionDigits: decimals,
});

/** A price written for `locale` (a language code: 'sq', 'en'). */
export const formatMoney = (locale: string, currency: Currency, amount: number, decimals = 0) =>
  new Intl.NumberFormat(locale, moneyOptions(currency, decimals)).format(amount);

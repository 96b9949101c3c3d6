/**
 * The words of the refund rule of a cancelled or stopped Sponsored run (common/adRuns.ts runStopTerms), in English,
 * as the API answers them: the catalogue texts the app shows too (`ads.stop.*` in common/i18n/catalog/en/ads.ts), so
 * the rule reads the same in the API's answer as in the app's help text and confirmation.
 */
import { AD_RUN_DAYS, type RunStopTerms } from '../../common/adRuns';
import { formatMoney } from '../../common/money';
import type { Currency } from '../../common/languages';
import { ads } from '../../common/i18n/catalog/en/ads';

/** `{name}` and `{name, plural, one {...} other {...}}` holes, as the catalogue writes them (English plural rules). */
const fill = (text: string, values: Record<string, string | number>) =>
  text
    .replace(/\{(\w+), plural, ((?:[=\w]+ \{[^}]*\} ?)+)\}/g, (_m, name: string, branches: string) => {
      const n = Number(values[name] ?? 0);
      const options = Object.fromEntries([...branches.matchAll(/([=\w]+) \{([^}]*)\}/g)].map((b) => [b[1], b[2]]));
      return (options[`=${n}`] ?? (n === 1 ? options.one : undefined) ?? options.other ?? '').replace(/#/g, String(n));
    })
    .replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? `{${name}}`));

/** The rule itself (the app's help text says the same). */
export const runStopRule = () => fill(ads['ads.stop.rule'], { days: AD_RUN_DAYS });

/** What happened to a run its business cancelled or stopped, and to the money. */
export function runStopMessage(terms: RunStopTerms, currency: string): string {
  const amount = formatMoney('en', currency as Currency, terms.refund, 2);
  if (terms.kind === 'cancel' && terms.refund > 0) return fill(ads['ads.stop.done.cancel'], { amount });
  if (terms.refund > 0) return fill(ads['ads.stop.done.stop'], { days: terms.daysLeft, amount });
  return ads['ads.stop.done.nothing'];
}

/** The refund's reason as kept on the payment (the app words the payment's `runStop` in the reader's language). */
export const runStopReason = (terms: RunStopTerms) =>
  terms.kind === 'cancel' ? 'The business cancelled its run before it started' : 'The business stopped its live run';

/**
 * The languages and currencies the product speaks. Albanian first: a visitor whose browser prefers no
 * listed language gets `DEFAULT_LANGUAGE`. Accounts keep their choice (`language` on the client and
 * business records) so what is sent to them later (emails) uses it.
 */
export const LANGUAGES = ['sq', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'sq';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** Currencies a stage can show prices in (ISO 4217); every price of a stage is in its one currency. */
export const CURRENCIES = ['EUR', 'ALL', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

export const isCurrency = (value: unknown): value is Currency => CURRENCIES.includes(value as Currency);

/** A stage's currency setting (context value or environment variable): one of CURRENCIES, default EUR. */
export function currencySetting(value: string | undefined, source: string): Currency {
  const code = value?.trim().toUpperCase();
  if (!code) return DEFAULT_CURRENCY;
  if (!isCurrency(code)) throw new Error(`${source} must be one of ${CURRENCIES.join(', ')}, got "${value}"`);
  return code;
}

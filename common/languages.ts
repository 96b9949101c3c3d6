/**
 * The languages and currencies the product speaks. Albanian first: a visitor whose browser prefers no
 * listed language gets `DEFAULT_LANGUAGE`. Accounts keep their choice (`language` on the client and
 * business records) so what is sent to them later (emails) uses it.
 */
export const LANGUAGES = ['sq', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'sq';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The language of a BCP 47 tag the product speaks ('sq-AL' -> 'sq', 'en-GB' -> 'en'), if any. */
export const languageOfTag = (tag: string): Language | undefined => {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
};

/**
 * The language a visitor sees: their stored choice, else the first of their preferred languages (the browser's,
 * most preferred first) that the product speaks, else Albanian. The web app decides so in the browser
 * (web/src/i18n/languages.ts); the CDN and the local server decide the same from a request (common/prerender.ts).
 */
export function detectLanguage(stored: string | null | undefined, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

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

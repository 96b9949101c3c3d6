/**
 * How the app writes its texts, numbers and dates in the chosen language: `useIntl()` gives the language (`locale`),
 * the texts loaded so far (`messages`, catalogs.ts: read when asked, so a screen drawn once its texts arrived finds
 * them though nothing above it drew again) and the formatters. A message is its catalogue text, compiled at
 * build time to an ICU message's syntax tree (web/precompileMessages.ts; the plain text while developing) and
 * formatted by intl-messageformat (plurals, selects, arguments); numbers and dates by the browser's Intl. Each
 * formatter is made once per language and options. A message that is not loaded, or cannot be formatted with the
 * values given, is reported to `onError` and written as its id.
 */
import { cloneElement, createContext, isValidElement, useContext, type ReactNode } from 'react';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type { Messages } from './catalogs';

export type MessageValues = Record<string, PrimitiveType>;

/** What went wrong, with a code: MISSING_TRANSLATION (the text is not loaded) or FORMAT_ERROR. */
export interface IntlError {
  code: 'MISSING_TRANSLATION' | 'FORMAT_ERROR';
  message: string;
  cause?: unknown;
}

export interface IntlShape {
  /** The language, as a BCP 47 tag ('sq', 'en'). */
  locale: string;
  /** The texts loaded so far, by message id. */
  messages: Messages;
  formatMessage(descriptor: { id: string }, values?: MessageValues): string;
  /** A message with elements among its values (a link, a part marked translate="no"), as React nodes. */
  formatRich(descriptor: { id: string }, values: Record<string, PrimitiveType | ReactNode>): ReactNode;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatNumberToParts(value: number, options?: Intl.NumberFormatOptions): Intl.NumberFormatPart[];
  formatDate(value: string | number | Date, options?: Intl.DateTimeFormatOptions): string;
}

function memo<T>(make: (options: object | undefined) => T): (options?: object) => T {
  const made = new Map<string, T>();
  return (options) => {
    const key = JSON.stringify(options ?? {});
    let value = made.get(key);
    if (value === undefined) {
      value = make(options);
      made.set(key, value);
    }
    return value;
  };
}

export function createIntl(locale: string, texts: () => Messages, onError: (error: IntlError) => void): IntlShape {
  const formats = new Map<string, IntlMessageFormat>();
  const numberFormat = memo((options) => new Intl.NumberFormat(locale, options));
  const dateFormat = memo((options) => new Intl.DateTimeFormat(locale, options));
  /** The message `id` with `values`, or its id (reported to `onError`) when it is not loaded or cannot be formatted. */
  function format<T>(id: string, values?: Record<string, PrimitiveType | T>): string | T | (string | T)[] {
    const message = (texts() as Record<string, string | MessageFormatElement[] | undefined>)[id];
    if (message === undefined) {
      onError({ code: 'MISSING_TRANSLATION', message: `No text "${id}" loaded in ${locale}, its id shown instead` });
      return id;
    }
    try {
      let compiled = formats.get(id);
      if (!compiled) {
        compiled = new IntlMessageFormat(message, locale);
        formats.set(id, compiled);
      }
      return compiled.format<T>(values);
    } catch (cause) {
      onError({ code: 'FORMAT_ERROR', message: `The text "${id}" could not be formatted in ${locale}`, cause });
      return id;
    }
  }
  return {
    locale,
    get messages() {
      return texts();
    },
    formatMessage({ id }, values) {
      const text = format(id, values);
      return Array.isArray(text) ? text.join('') : String(text);
    },
    formatRich({ id }, values) {
      const parts = format<ReactNode>(id, values);
      return Array.isArray(parts)
        ? parts.map((part, i) => (isValidElement(part) ? cloneElement(part, { key: i }) : part))
        : parts;
    },
    formatNumber: (value, options) => numberFormat(options).format(value),
    formatNumberToParts: (value, options) => numberFormat(options).formatToParts(value),
    formatDate: (value, options) => dateFormat(options).format(new Date(value)),
  };
}

export const IntlContext = createContext<IntlShape | null>(null);

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl needs an I18nProvider above it');
  return intl;
}

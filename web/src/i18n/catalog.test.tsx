/**
 * The two catalogues stay complete and correct: the same keys in both, each key in its area, no empty
 * text, every message valid ICU with the same arguments in both languages, a text for every API error
 * code, service and plan; and the language a visitor gets first.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES, SUBSCRIPTION_PLANS, serviceId } from '../../../common/constants';
import { ERROR_CODES } from '../../../common/errors';
import { renderInLanguage } from '../testing/render';
import { areas as enAreas, en } from './catalog/en';
import { areas as sqAreas, sq } from './catalog/sq';
import { useFormat } from './format';
import { detectLanguage } from './languages';

/** The argument names a message uses, nested ones included. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string') found.add(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    if ('children' in element) argumentsOf(element.children, found);
  }
  return found;
}

describe('the catalogues', () => {
  it('have the same areas and, in each area, the same keys, all starting with the area name', () => {
    expect(Object.keys(sqAreas).sort()).toEqual(Object.keys(enAreas).sort());
    for (const [area, texts] of Object.entries(enAreas)) {
      const sqTexts = sqAreas[area as keyof typeof sqAreas];
      expect(Object.keys(sqTexts).sort(), area).toEqual(Object.keys(texts).sort());
      for (const key of Object.keys(texts)) expect(key.startsWith(`${area}.`), key).toBe(true);
    }
  });

  it('have no key in two areas', () => {
    const total = Object.values(enAreas).reduce<number>((n, texts) => n + Object.keys(texts).length, 0);
    expect(Object.keys(en)).toHaveLength(total);
  });

  it('have no empty text, and every text is an ICU message with the same arguments in both languages', () => {
    for (const [key, english] of Object.entries(en)) {
      const albanian = sq[key as keyof typeof sq];
      for (const text of [english, albanian]) expect(text.trim(), key).not.toBe('');
      const enArgs = argumentsOf(parse(english));
      const sqArgs = argumentsOf(parse(albanian));
      expect([...sqArgs].sort(), key).toEqual([...enArgs].sort());
    }
  });

  it('have a text for every API error code, every service and every plan', () => {
    for (const code of ERROR_CODES) expect(en, code).toHaveProperty([`errors.${code}`]);
    for (const name of SERVICE_NAMES) expect(en, name).toHaveProperty([`services.category.${serviceId(name)}`]);
    for (const plan of SUBSCRIPTION_PLANS) expect(en, plan.id).toHaveProperty([`services.plan.${plan.id}`]);
  });
});

describe('the first language', () => {
  it('is the stored choice, else the first listed language the product speaks, else Albanian', () => {
    expect(detectLanguage('en', ['sq-AL'])).toBe('en');
    expect(detectLanguage(null, ['sq-AL', 'en'])).toBe('sq');
    expect(detectLanguage(null, ['de-DE', 'en-GB', 'sq'])).toBe('en');
    expect(detectLanguage(null, ['de-DE', 'it'])).toBe('sq');
    expect(detectLanguage('fr', [])).toBe('sq');
  });
});

function Formatted({ at, now }: { at: string; now: number }) {
  const format = useFormat();
  return (
    <p>
      <span data-testid="ago">{format.timeAgo(at, now)}</span>
      <span data-testid="price">{format.money(1200)}</span>
    </p>
  );
}

describe('formats', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['en', '2026-11-23T11:59:30Z', 'just now'],
    ['en', '2026-11-23T11:59:00Z', '1 minute ago'],
    ['en', '2026-11-20T12:00:00Z', '3 days ago'],
    ['sq', '2026-11-23T11:59:30Z', 'tani'],
    ['sq', '2026-11-23T11:59:00Z', '1 minutë më parë'],
    ['sq', '2026-11-23T11:55:00Z', '5 minuta më parë'],
    ['sq', '2024-11-01T12:00:00Z', '2 vjet më parë'],
  ] as const)('in %s, %s is "%s"', (language, at, text) => {
    renderInLanguage(<Formatted at={at} now={now} />, language);
    expect(screen.getByTestId('ago').textContent).toBe(text);
  });

  it('shows prices in the stage currency, written the language’s way', () => {
    renderInLanguage(<Formatted at="2026-11-23T11:00:00Z" now={now} />, 'en');
    expect(screen.getByTestId('price').textContent).toBe('€1,200');
  });
});

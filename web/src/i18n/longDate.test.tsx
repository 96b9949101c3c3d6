/**
 * Long dates read the same in every browser: from Intl where the browser has the language's month names,
 * else from the catalogue (a lean Chromium without Albanian data would otherwise write "2026 M11 23").
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../testing/render';
import { useFormat } from './format';

function LongDate() {
  return <p data-testid="date">{useFormat().longDate('2026-11-23T12:00:00Z')}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('longDate', () => {
  it.each([
    ['sq', '23 nëntor 2026'],
    ['en', 'November 23, 2026'],
  ] as const)('in %s from Intl: %s', async (language, expected) => {
    renderInLanguage(<LongDate />, language);
    expect((await screen.findByTestId('date')).textContent).toBe(expected);
  });

  it.each([
    ['sq', '23 nëntor 2026'],
    ['en', 'November 23, 2026'],
  ] as const)('in %s without the browser knowing the language, quietly: %s', async (language, expected) => {
    const known = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    const logged = vi.spyOn(console, 'error');
    renderInLanguage(<LongDate />, language);
    expect((await screen.findByTestId('date')).textContent).toBe(expected);
    expect(known).toHaveBeenCalled();
    // the missing locale data is expected and handled: nothing is reported in the console
    expect(logged).not.toHaveBeenCalled();
  });
});

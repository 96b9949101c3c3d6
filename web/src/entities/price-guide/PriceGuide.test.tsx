/** The price guide beside the budget of a new request and the price of an offer, in both languages. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { GUIDE_FIGURE as FIGURE, townGuideAnswer as townAnswer } from '../../testing/priceGuide';
import { renderPage } from '../../testing/render';
import { answer, API, server } from '../../testing/server';
import { PriceGuide, pricePosition } from './PriceGuide';

/** The text with every kind of space as a plain one (Intl writes narrow no-break spaces in "1 200 €"). */
const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

const show = (ui: React.ReactNode, language: 'en' | 'sq' = 'en') => renderPage(ui, { path: '/x', url: '/x', language });

describe('price guide', () => {
  it('says what most accepted offers cost, in English, with the currency formatted', async () => {
    answer('/price-guide', townAnswer);
    show(<PriceGuide service="furniture" town="Tirana" />);
    expect(plain(await screen.findByTestId('price-guide-range'))).toBe(
      'Most accepted offers for Furniture in Tirana: €1,200 to €2,800 (median €1,900), from 23 offers',
    );
    expect(screen.getByText(/All of them between €700 and €5,200\. Updated 11\/2026\./)).toBeTruthy();
    expect(screen.getByText('How is this worked out?')).toBeTruthy();
    expect(screen.getByText(/at least 5 accepted offers from at least 3 different businesses/)).toBeTruthy();
  });

  it('in Albanian first', async () => {
    answer('/price-guide', townAnswer);
    show(<PriceGuide service="furniture" town="Tirana" />, 'sq');
    const text = plain(await screen.findByTestId('price-guide-range'));
    expect(text).toMatch(/^Shumica e ofertave të pranuara për Mobilieri në Tirana: 1[.  ]?200 € deri në 2[.  ]?800 €/);
    expect(text).toMatch(/\(mediana 1[.  ]?900 €\), nga 23 oferta$/);
    expect(screen.getByText('Si llogaritet?')).toBeTruthy();
  });

  it('names the country-wide figure as such when the town has too few offers', async () => {
    answer('/price-guide', { service: 'furniture', town: 'Kukës', figure: { scope: 'country', ...FIGURE } });
    show(<PriceGuide service="furniture" town="Kukës" />);
    expect(plain(await screen.findByTestId('price-guide-range'))).toMatch(
      /^Most accepted offers for Furniture across Albania:/,
    );
    expect(screen.getByText(/not enough accepted offers in Kukës yet/)).toBeTruthy();
  });

  it('says clearly when there are not enough accepted offers yet', async () => {
    answer('/price-guide', { service: 'lights', town: 'Tirana', figure: null });
    show(<PriceGuide service="lights" town="Tirana" onUseMedian={() => {}} />);
    expect((await screen.findByTestId('price-guide-empty')).textContent).toBe(
      'Not enough accepted offers yet for Lights in Tirana to show a price range.',
    );
    expect(screen.queryByTestId('price-guide-use-median')).toBeNull();
  });

  it('shows loading, then a failure with Retry that loads it again', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/price-guide`, () =>
        ++calls === 1
          ? HttpResponse.json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, { status: 503 })
          : HttpResponse.json(townAnswer),
      ),
    );
    show(<PriceGuide service="furniture" town="Tirana" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the price guide…');
    expect((await screen.findByTestId('price-guide-error')).textContent).toMatch(/could not be loaded/);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('price-guide-range')).toBeTruthy();
  });

  it('asks nothing until a service and a town are chosen', () => {
    let asked = false;
    server.use(http.get(`${API}/price-guide`, () => ((asked = true), HttpResponse.json(townAnswer))));
    const { container } = show(<PriceGuide service="furniture" town={undefined} />);
    expect(container.querySelector('[data-testid="price-guide"]')).toBeNull();
    expect(asked).toBe(false);
  });

  it('places a price against the middle half', () => {
    expect(pricePosition(1000, FIGURE)).toBe('below');
    expect(pricePosition(1200, FIGURE)).toBe('within');
    expect(pricePosition(2800, FIGURE)).toBe('within');
    expect(pricePosition(3000, FIGURE)).toBe('above');
  });
});

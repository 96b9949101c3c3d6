/** The price guide beside the price of an offer (entities/price-guide). */
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { townGuideAnswer as townAnswer } from '../../testing/priceGuide';
import { renderPage } from '../../testing/render';
import { billingAnswer } from '../../testing/billing';
import { answer } from '../../testing/server';
import { OfferForm } from './OfferForm';

beforeEach(() => answer('/subscription', billingAnswer()));

const show = (ui: React.ReactNode) => renderPage(ui, { path: '/x', url: '/x' });

describe('on the offer form', () => {
  it("says where the business's price stands in the range", async () => {
    answer('/price-guide', townAnswer);
    show(
      <OfferForm postId="p1" businessId="b1" service="furniture" town="Tirana" onCancel={() => {}} onDone={() => {}} />,
    );
    expect(await screen.findByTestId('offer-price-guide-range')).toBeTruthy();
    expect(screen.queryByTestId('offer-price-guide-position')).toBeNull();
    fireEvent.input(screen.getByTestId('offer-price'), { target: { value: '3500' } });
    expect((await screen.findByTestId('offer-price-guide-position')).textContent).toBe(
      'Your price of €3,500 is above most accepted offers.',
    );
    fireEvent.input(screen.getByTestId('offer-price'), { target: { value: '1500' } });
    expect((await screen.findByTestId('offer-price-guide-position')).textContent).toBe(
      'Your price of €1,500 is within the range of most accepted offers.',
    );
  });
});

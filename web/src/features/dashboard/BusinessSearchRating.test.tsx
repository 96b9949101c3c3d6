/** Business search hits and the Sponsored strip show how each business was rated. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Ad, BusinessSearchHit } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { answer } from '../../testing/server';
import BusinessDashboardPage from './BusinessDashboardPage';

const hits: BusinessSearchHit[] = [
  { _id: 'b1', businessName: 'Casa Bella', location: 'Tirana', ratingAverage: 4.5, reviewCount: 2, verified: false },
  { _id: 'b2', businessName: 'Casa Nova', location: 'Durrës', ratingAverage: 0, reviewCount: 0, verified: false },
];
const ad: Ad = {
  _id: 'a1',
  businessId: 'b1',
  image: 'https://img.test/a1.jpg',
  createdAt: '2026-11-01T10:00:00Z',
  businessName: 'Casa Bella',
  ratingAverage: 4.5,
  reviewCount: 2,
};

describe('ratings where a business is found', () => {
  it('search hits and Sponsored cards show the stars and review count, or "No reviews yet"', async () => {
    answer('/category/all', []);
    answer('/ads', [ad]);
    answer('/post/available', []);
    answer('/post/suggested', []);
    answer('/business/search', hits);
    renderPage(<BusinessDashboardPage />, { path: '/business-dashboard', url: '/business-dashboard' });

    const sponsored = await screen.findByTestId('ad-card');
    expect(within(sponsored).getByTestId('rating-summary').textContent).toContain('(2 reviews)');

    await userEvent.type(screen.getByRole('searchbox', { name: /search/i }), 'casa');
    const results = await screen.findByRole('listbox');
    const [bella, nova] = await within(results).findAllByRole('option');
    expect(within(bella).getByTestId('rating-summary').textContent).toContain('4.5');
    expect(within(bella).getByTestId('rating-summary').textContent).toContain('(2 reviews)');
    expect(within(nova).getByTestId('rating-summary').textContent).toBe('No reviews yet');
  });

  it('search hits and Sponsored cards of a verified business show the verified badge', async () => {
    answer('/category/all', []);
    answer('/ads', [{ ...ad, verified: true }]);
    answer('/post/available', []);
    answer('/post/suggested', []);
    answer('/business/search', [{ ...hits[0], verified: true }, hits[1]]);
    renderPage(<BusinessDashboardPage />, { path: '/business-dashboard', url: '/business-dashboard', language: 'sq' });

    const sponsored = await screen.findByTestId('ad-card');
    expect(within(sponsored).getByTestId('verified-badge').textContent).toBe('I verifikuar');

    await userEvent.type(screen.getByRole('searchbox'), 'casa');
    const results = await screen.findByRole('listbox');
    const [bella, nova] = await within(results).findAllByRole('option');
    expect(within(bella).getByTestId('verified-badge').textContent).toBe('I verifikuar');
    expect(within(nova).queryByTestId('verified-badge')).toBeNull();
  });
});

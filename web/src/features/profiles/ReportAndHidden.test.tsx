/**
 * A business profile seen by another account offers "Report" on the business and on each review; its
 * owner gets no Report action and, when moderation hid the profile or a review, reads why while the
 * rest of the page works.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Business, FinishedJob } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { profileViewsSent } from '../../testing/profileViews';
import { answer } from '../../testing/server';
import BusinessProfilePage from './BusinessProfilePage';

vi.mock('../../auth/session', () => ({
  readSession: async () => ({ sub: 'sub-b', email: 'studio@example.al', role: 'business', moderator: false }),
  currentIdToken: async () => 'token',
  logOut: async () => {},
}));

const TOKEN_KEY = 'CognitoIdentityServiceProvider.testclient.studio.idToken';
const business = (id: string, over: Partial<Business> & { hidden?: { reason: string; at: string } } = {}) =>
  ({
    _id: id,
    cognitoId: `sub-${id}`,
    businessName: `Studio ${id}`,
    location: 'Tirana',
    serviceTowns: ['Tirana'],
    categories: [],
    showroom: [],
    offersCount: 0,
    postsCount: 0,
    finishedJobsCount: 1,
    ratingAverage: 4,
    reviewCount: 1,
    createdAt: '2026-01-01T10:00:00Z',
    language: 'en',
    ...over,
  }) as Business;
const job = (over: Partial<FinishedJob> & { hidden?: { reason: string; at: string } } = {}): FinishedJob => ({
  _id: 'job-1',
  postId: 'p1',
  businessId: 'b1',
  offerId: 'o1',
  rating: 4,
  review: 'Good work, a bit late',
  createdAt: '2026-10-01T10:00:00Z',
  post: { title: 'Kitchen', images: [], location: 'Tirana' },
  ...over,
});

const show = (id: string) =>
  renderPage(<BusinessProfilePage />, { path: '/businessprofile/:id', url: `/businessprofile/${id}` });

let viewed: string[] = [];

beforeEach(() => {
  viewed = profileViewsSent();
  localStorage.setItem(TOKEN_KEY, 'stored');
  // The signed-in account is the business b1.
  answer('/account', { profile: business('b1') });
  answer('/category/all', []);
});
afterEach(() => localStorage.clear());

describe('a business profile seen by another account', () => {
  it('offers Report on the business and on each review', async () => {
    answer('/business/:id', business('b2'));
    answer('/getBusinessFinishedJobs/:id', [job({ businessId: 'b2' })]);
    show('b2');
    await userEvent.click(await screen.findByTestId('report-business'));
    expect(await screen.findByRole('heading', { name: 'Report this business' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    const review = await screen.findByTestId('finished-job');
    await userEvent.click(within(review).getByTestId('report-review'));
    expect(await screen.findByRole('heading', { name: 'Report this review' })).toBeTruthy();
    expect(screen.queryByTestId('hidden-notice')).toBeNull();
    // Opening another business's profile counts one view toward its statistics (sent without being waited for,
    // so it may reach the server after the page is drawn).
    await waitFor(() => expect(viewed).toEqual(['b2']));
  });
});

describe('the owner of a hidden business profile', () => {
  it('reads why it was hidden, the page still works, and has no Report action', async () => {
    answer(
      '/business/:id',
      business('b1', { hidden: { reason: 'Photos copied from another company', at: '2026-11-20T10:00:00Z' } }),
    );
    answer('/getBusinessFinishedJobs/:id', [
      job({ hidden: { reason: 'Written by the business itself', at: '2026-11-21T10:00:00Z' } }),
    ]);
    show('b1');
    const notice = await screen.findByTestId('hidden-notice');
    expect(notice.textContent).toBe(
      'Hidden by moderation: Photos copied from another company Since November 20, 2026 only you and the moderators can see it.',
    );
    const review = await screen.findByTestId('finished-job');
    expect(within(review).getByTestId('review-hidden-notice').textContent).toContain(
      'Hidden by moderation: Written by the business itself',
    );
    expect(within(review).queryByTestId('report-review')).toBeNull();
    expect(screen.queryByTestId('report-business')).toBeNull();
    // The owner's own views are not counted.
    expect(viewed).toEqual([]);
    // The rest of the page works: the owner's tabs are there.
    answer('/business/ads/:id', []);
    await userEvent.click(screen.getByTestId('tab-ads'));
    expect(screen.getByTestId('tab-ads').getAttribute('aria-selected')).toBe('true');
  });

  it('reads it in Albanian', async () => {
    answer('/account', { profile: business('b1', { language: 'sq' }) });
    answer('/business/:id', business('b1', { hidden: { reason: 'Foto të kopjuara', at: '2026-11-20T10:00:00Z' } }));
    answer('/getBusinessFinishedJobs/:id', []);
    renderPage(<BusinessProfilePage />, { path: '/businessprofile/:id', url: '/businessprofile/b1', language: 'sq' });
    expect((await screen.findByTestId('hidden-notice')).textContent).toContain(
      'Fshehur nga moderimi: Foto të kopjuara',
    );
  });
});

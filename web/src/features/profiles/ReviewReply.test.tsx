/**
 * Replies under the reviews of a business profile: everyone sees the business's reply; the business itself
 * gets Reply (or Edit reply while the reply is editable) with the shared schema's rules, sent with
 * PUT /post/{id}/review/reply; a locked reply offers no edit; another viewer gets no form.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_REPLY_EDIT_DAYS } from '../../../../common/constants';
import { REVIEW_REPLY_MAX_CHARS } from '../../../../common/schemas/offers';
import type { Business, FinishedJob } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { profileViewsSent } from '../../testing/profileViews';
import { API, answer, server } from '../../testing/server';
import BusinessProfilePage from './BusinessProfilePage';

const signedIn = vi.hoisted(() => ({ sub: 'sub-b' }));
vi.mock('../../auth/session', () => ({
  readSession: async () => ({ sub: signedIn.sub, email: 'studio@example.al', role: 'business' }),
  currentIdToken: async () => 'token',
  logOut: async () => {},
}));

const TOKEN_KEY = 'CognitoIdentityServiceProvider.testclient.studio.idToken';
const DAY = 24 * 60 * 60 * 1000;
const business = (id: string, sub: string, businessName: string, language = 'en') =>
  ({
    _id: id,
    cognitoId: sub,
    businessName,
    location: 'Tirana',
    serviceTowns: ['Tirana'],
    categories: [],
    showroom: [],
    offersCount: 0,
    postsCount: 0,
    finishedJobsCount: 2,
    ratingAverage: 4.5,
    reviewCount: 2,
    language,
  }) as unknown as Business;
const studio = business('b1', 'sub-b', 'Studio Drita');
const rival = business('b2', 'sub-r', 'Rival Interiors', 'sq');

const job = (postId: string, over: Partial<FinishedJob> = {}): FinishedJob => ({
  _id: `j-${postId}`,
  postId,
  businessId: 'b1',
  offerId: `o-${postId}`,
  rating: 5,
  review: `Review of ${postId}`,
  createdAt: '2026-11-01T10:00:00Z',
  post: { title: `Job ${postId}`, images: [], location: 'Tirana' },
  ...over,
});

let jobs: FinishedJob[];
const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<BusinessProfilePage />, { path: '/businessprofile/:id', url: '/businessprofile/b1', language });
const jobCard = async (postId: string) =>
  (await screen.findAllByTestId('finished-job')).find((el) => el.textContent?.includes(`Job ${postId}`))!;

function repliesSent() {
  const sent: unknown[] = [];
  server.use(
    http.put(`${API}/post/:id/review/reply`, async ({ request, params }) => {
      const body = (await request.json()) as { text: string };
      sent.push({ postId: params.id, ...body });
      const now = new Date().toISOString();
      jobs = jobs.map((j) =>
        j.postId === params.id
          ? {
              ...j,
              reply: j.reply ? { ...j.reply, text: body.text, editedAt: now } : { text: body.text, createdAt: now },
            }
          : j,
      );
      return HttpResponse.json(jobs.find((j) => j.postId === params.id));
    }),
  );
  return sent;
}

beforeEach(() => {
  profileViewsSent();
  signedIn.sub = 'sub-b';
  localStorage.setItem(TOKEN_KEY, 'stored');
  server.use(
    http.get(`${API}/account`, () => HttpResponse.json({ profile: signedIn.sub === 'sub-r' ? rival : studio })),
    http.get(`${API}/getBusinessFinishedJobs/:id`, () => HttpResponse.json(jobs)),
  );
  answer('/business/:id', studio);
  answer('/category/all', []);
  const recent = new Date(Date.now() - DAY).toISOString();
  const old = new Date(Date.now() - (REVIEW_REPLY_EDIT_DAYS + 1) * DAY).toISOString();
  jobs = [
    job('p1'),
    job('p2', { reply: { text: 'Thank you, Arta!', createdAt: recent } }),
    job('p3', { reply: { text: 'Glad you liked it', createdAt: old, editedAt: old } }),
  ];
});
afterEach(() => localStorage.clear());

describe('replies under reviews', () => {
  it('the business writes a reply to a review; it shows under the review', async () => {
    const sent = repliesSent();
    show();
    const card = await jobCard('p1');
    expect(within(card).queryByTestId('review-reply')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Reply' }));
    const form = await within(card).findByRole('form', { name: 'Reply' });
    await userEvent.type(within(form).getByLabelText('Your reply'), '  Thank you for the kind words  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save reply' }));
    expect(sent).toEqual([{ postId: 'p1', text: 'Thank you for the kind words' }]);
    expect((await within(await jobCard('p1')).findByTestId('review-reply')).textContent).toContain(
      'Thank you for the kind words',
    );
    expect(within(await jobCard('p1')).queryByRole('form')).toBeNull();
  });

  it('edits a reply within its days, says until when, and marks it edited', async () => {
    const sent = repliesSent();
    show();
    const card = await jobCard('p2');
    expect(within(card).getByTestId('review-reply').textContent).toContain('Thank you, Arta!');
    expect(within(card).getByTestId('review-reply-window').textContent).toMatch(/You can edit your reply until/);
    await userEvent.click(within(card).getByRole('button', { name: 'Edit reply' }));
    const text = await within(card).findByLabelText('Your reply');
    expect((text as HTMLTextAreaElement).value).toBe('Thank you, Arta!');
    await userEvent.clear(text);
    await userEvent.type(text, 'Thank you, Arta! See you for the bathroom.');
    await userEvent.click(within(card).getByRole('button', { name: 'Save reply' }));
    expect(sent).toEqual([{ postId: 'p2', text: 'Thank you, Arta! See you for the bathroom.' }]);
    const reply = await within(await jobCard('p2')).findByText('Thank you, Arta! See you for the bathroom.');
    expect(reply.closest('[data-testid="review-reply"]')?.textContent).toContain('edited');
  });

  it('checks the text with the shared schema before sending', async () => {
    const sent = repliesSent();
    show();
    const card = await jobCard('p1');
    await userEvent.click(within(card).getByRole('button', { name: 'Reply' }));
    await userEvent.type(await within(card).findByLabelText('Your reply'), '   ');
    await userEvent.click(within(card).getByRole('button', { name: 'Save reply' }));
    expect((await within(card).findByTestId('review-reply-text-error')).textContent).toMatch(/Your reply/);
    // The field's label now carries its error too.
    const text = within(card).getByTestId('review-reply-text');
    await userEvent.clear(text);
    await userEvent.click(text);
    await userEvent.paste('x'.repeat(REVIEW_REPLY_MAX_CHARS + 1));
    await userEvent.click(within(card).getByRole('button', { name: 'Save reply' }));
    expect((await within(card).findByTestId('review-reply-text-error')).textContent).toContain(
      String(REVIEW_REPLY_MAX_CHARS),
    );
    expect(sent).toEqual([]);
  });

  it('shows the API refusal when the reply got locked meanwhile', async () => {
    server.use(
      http.put(`${API}/post/:id/review/reply`, () =>
        HttpResponse.json({ message: 'locked', code: 'REPLY_LOCKED' }, { status: 409 }),
      ),
    );
    show();
    const card = await jobCard('p2');
    await userEvent.click(within(card).getByRole('button', { name: 'Edit reply' }));
    await userEvent.type(await within(card).findByLabelText('Your reply'), ' More');
    await userEvent.click(within(card).getByRole('button', { name: 'Save reply' }));
    expect((await within(card).findByTestId('review-reply-error')).textContent).toContain(
      'The time to edit this reply has passed',
    );
  });

  it('a locked reply shows, with no edit, and says it is locked', async () => {
    show();
    const card = await jobCard('p3');
    expect(within(card).getByTestId('review-reply').textContent).toContain('Glad you liked it');
    expect(within(card).queryByRole('button', { name: 'Edit reply' })).toBeNull();
    expect(within(card).getByTestId('review-reply-window').textContent).toBe('Your reply can no longer be edited.');
  });

  it('another business sees the replies but no form, in Albanian too', async () => {
    signedIn.sub = 'sub-r';
    show('sq');
    const card = await jobCard('p2');
    expect(within(card).getByTestId('review-reply').textContent).toContain('Përgjigjja e biznesit');
    expect(within(card).getByTestId('review-reply').textContent).toContain('Thank you, Arta!');
    expect(screen.queryAllByTestId('review-reply-open')).toEqual([]);
    expect(screen.queryAllByTestId('review-reply-window')).toEqual([]);
  });
});

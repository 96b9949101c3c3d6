/** The review form refuses what POST /finishedJobs refuses (finishedJobBody) and sends what it accepts. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { finishedJobBody, REVIEW_MAX_CHARS } from '../../../../common/schemas/offers';
import type { Offer } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { API, server } from '../../testing/server';
import { ReviewDialog } from './ReviewDialog';

const offer = {
  _id: 'o1',
  postId: 'p1',
  businessId: 'b1',
  business: { businessName: 'Casa Bella' },
} as unknown as Offer;
let done = vi.fn();

function reviewsSent() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/finishedJobs`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ ok: true });
    }),
  );
  return sent;
}

async function review(stars: number, text: string, language: 'en' | 'sq' = 'en') {
  done = vi.fn();
  renderPage(<ReviewDialog offer={offer} postId="p1" onClose={() => {}} onDone={done} />, {
    path: '/post/view/:id',
    url: '/post/view/p1',
    language,
  });
  await screen.findByTestId('review-dialog');
  if (stars) await userEvent.click(screen.getAllByRole('radio')[stars - 1]);
  await userEvent.click(screen.getByTestId('review-text'));
  if (text) await userEvent.paste(text);
  await userEvent.click(screen.getByTestId('review-submit'));
}

const sample = (rating: number, text: string) => ({ postId: 'p1', businessId: 'b1', rating, review: text });

describe('review form', () => {
  it.each([
    ['one star', 1, 'Late but good'],
    ['five stars and the longest review', 5, 'x'.repeat(REVIEW_MAX_CHARS)],
  ])('sends %s, as the API accepts it', async (_, stars, text) => {
    const parsed = finishedJobBody.safeParse(sample(stars, text));
    expect(parsed.success).toBe(true);
    const sent = reviewsSent();
    await review(stars, text);
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([parsed.data]);
  });

  it.each([
    ['a blank review', 4, '   ', 'Review is required.'],
    ['a review over the longest', 4, 'x'.repeat(REVIEW_MAX_CHARS + 1), 'Review is too long (at most 1000 characters).'],
  ])('refuses %s beside the field, as the API does', async (_, stars, text, message) => {
    expect(finishedJobBody.safeParse(sample(stars, text)).success).toBe(false);
    const sent = reviewsSent();
    await review(stars, text);
    expect((await screen.findByTestId('review-text-error')).textContent).toBe(message);
    expect(sent).toEqual([]);
    expect(done).not.toHaveBeenCalled();
  });

  it('cannot be sent without a rating, as the API refuses it', async () => {
    expect(finishedJobBody.safeParse(sample(0, 'Good')).success).toBe(false);
    const sent = reviewsSent();
    await review(0, 'Good');
    expect((screen.getByTestId('review-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([]);
  });

  it("shows the API's field error beside its field", async () => {
    server.use(
      http.post(`${API}/finishedJobs`, () =>
        HttpResponse.json(
          {
            message: 'bad',
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'review', message: 'x', code: 'INVALID_TEXT' }],
          },
          { status: 400 },
        ),
      ),
    );
    await review(3, 'Fine');
    expect((await screen.findByTestId('review-text-error')).textContent).toBe(
      'Review contains characters that are not allowed.',
    );
  });

  it("shows an error code's text in the chosen language, never the API's message", async () => {
    server.use(
      http.post(`${API}/finishedJobs`, () =>
        HttpResponse.json({ message: 'Already reviewed', code: 'POST_ALREADY_REVIEWED' }, { status: 409 }),
      ),
    );
    await review(3, 'Fine', 'sq');
    expect((await screen.findByTestId('review-error')).textContent).toBe(
      'Vlerësimi nuk u dërgua. Kjo punë është vlerësuar tashmë.',
    );
  });
});

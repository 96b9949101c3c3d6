/** The offer form refuses what POST /offer refuses (createOfferBody) and sends what it accepts. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createOfferBody } from '../../../../common/schemas/offers';
import { renderPage } from '../../testing/render';
import { API, server } from '../../testing/server';
import { OfferForm } from './OfferForm';

let done = vi.fn();

function offersSent() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/offer`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ _id: 'o1', ...body, status: 'pending' });
    }),
  );
  return sent;
}

async function offer(price: string, message: string) {
  done = vi.fn();
  renderPage(<OfferForm postId="p1" businessId="b1" onCancel={() => {}} onDone={done} />, {
    path: '/post/:postId',
    url: '/post/p1',
  });
  await userEvent.type(await screen.findByTestId('offer-price'), price);
  await userEvent.click(screen.getByTestId('offer-message'));
  await userEvent.paste(message);
  await userEvent.click(screen.getByTestId('offer-submit'));
}

const sample = (price: string, message: string) => ({ postId: 'p1', businessId: 'b1', price, message });

describe('offer form', () => {
  it.each([
    ['a whole price', '1250', 'Solid oak'],
    ['cents', '0.5', 'Two days'],
    ['the highest price', '100000000', 'x'.repeat(2000)],
  ])('sends %s, as the API accepts it', async (_, price, message) => {
    const parsed = createOfferBody.safeParse(sample(price, message));
    expect(parsed.success).toBe(true);
    const sent = offersSent();
    await offer(price, message);
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([{ postId: 'p1', businessId: 'b1', price: parsed.data?.price, message }]);
  });

  it.each([
    ['a price of 0', '0', 'Hello', 'offer-price-error', 'Price must be greater than 0.'],
    ['a negative price', '-5', 'Hello', 'offer-price-error', 'Price must be greater than 0.'],
    ['a price over the highest', '100000001', 'Hello', 'offer-price-error', 'Price must be at most 100000000.'],
    [
      'a message over 2000 characters',
      '100',
      'x'.repeat(2001),
      'offer-message-error',
      'Message is too long (at most 2000 characters).',
    ],
    ['a blank message', '100', '   ', 'offer-message-error', 'Message is required.'],
  ])('refuses %s beside the field, as the API does', async (_, price, message, errorId, text) => {
    const parsed = createOfferBody.safeParse(sample(price, message));
    expect(parsed.success).toBe(false);
    const sent = offersSent();
    await offer(price, message);
    expect((await screen.findByTestId(errorId)).textContent).toBe(text);
    expect(sent).toEqual([]);
    expect(done).not.toHaveBeenCalled();
  });

  it("shows the API's field error beside its field", async () => {
    offersSent();
    server.use(
      http.post(`${API}/offer`, () =>
        HttpResponse.json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'price', message: 'price is refused', code: 'NUMBER_OUT_OF_RANGE' }],
          },
          { status: 400 },
        ),
      ),
    );
    await offer('100', 'Hello');
    expect((await screen.findByTestId('offer-price-error')).textContent).toBe('Price is outside the allowed range.');
    expect(screen.queryByTestId('offer-error')).toBeNull();
  });
});

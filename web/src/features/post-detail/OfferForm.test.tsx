/** The offer form refuses what POST /offer refuses (createOfferBody) and sends what it accepts. */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfferBody } from '../../../../common/schemas/offers';
import { renderPage } from '../../testing/render';
import { billingAnswer } from '../../testing/billing';
import { API, answer, server } from '../../testing/server';
import { OfferForm } from './OfferForm';

let done = vi.fn();

beforeEach(() => answer('/subscription', billingAnswer({}, 7)));

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

describe('offer form: items, dates and what is included', () => {
  const open = async () => {
    done = vi.fn();
    renderPage(<OfferForm postId="p1" businessId="b1" onCancel={() => {}} onDone={done} />, {
      path: '/post/:postId',
      url: '/post/p1',
    });
    await userEvent.type(await screen.findByTestId('offer-price'), '1000');
    await userEvent.click(screen.getByTestId('offer-message'));
    await userEvent.paste('Oak kitchen');
  };
  const addItem = async (label: string, amount: string) => {
    await userEvent.click(screen.getByTestId('offer-item-add'));
    const labels = screen.getAllByTestId('offer-item-label');
    const amounts = screen.getAllByTestId('offer-item-amount');
    await userEvent.type(labels[labels.length - 1], label);
    await userEvent.type(amounts[amounts.length - 1], amount);
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it('refuses items that do not add up to the price, as the API does, and offers their total as the price', async () => {
    const sent = offersSent();
    await open();
    await addItem('Cabinets', '700');
    await addItem('Fitting', '250');
    expect(screen.getByTestId('offer-items-total').textContent).toContain('The items add up to €950.00.');
    await userEvent.click(screen.getByTestId('offer-submit'));
    expect((await screen.findByTestId('offer-items-error')).textContent).toBe('The items must add up to the price.');
    expect(sent).toEqual([]);
    expect(
      createOfferBody.safeParse({
        ...sample('1000', 'Oak kitchen'),
        items: [
          { label: 'Cabinets', amount: 700 },
          { label: 'Fitting', amount: 250 },
        ],
      }).success,
    ).toBe(false);

    await userEvent.click(screen.getByTestId('offer-items-use-total'));
    expect((screen.getByTestId('offer-price') as HTMLInputElement).value).toBe('950');
    await userEvent.click(screen.getByTestId('offer-submit'));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        ...sample('', 'Oak kitchen'),
        price: 950,
        items: [
          { label: 'Cabinets', amount: 700 },
          { label: 'Fitting', amount: 250 },
        ],
      },
    ]);
  });

  it('sends the start, duration, included parts and validity; leaves out what is empty', async () => {
    const sent = offersSent();
    await open();
    fireEvent.change(screen.getByTestId('offer-start'), { target: { value: day(7) } });
    await userEvent.type(screen.getByTestId('offer-duration'), '12');
    fireEvent.change(screen.getByTestId('offer-valid-until'), { target: { value: day(20) } });
    await userEvent.click(screen.getByTestId('offer-included-materials'));
    await userEvent.click(screen.getByTestId('offer-included-fitting'));
    await userEvent.type(screen.getByTestId('offer-included-note'), 'Old cabinets taken away');
    await userEvent.click(screen.getByTestId('offer-submit'));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        ...sample('', 'Oak kitchen'),
        price: 1000,
        startDate: day(7),
        durationDays: 12,
        validUntil: day(20),
        included: ['materials', 'fitting'],
        includedNote: 'Old cabinets taken away',
      },
    ]);
  });

  it.each([
    ['a start in the past', 'offer-start', -5, 'offer-start-error', 'Start date: choose a valid day, not in the past.'],
    [
      'a validity beyond 90 days',
      'offer-valid-until',
      120,
      'offer-valid-error',
      'Valid until: choose a valid day, not in the past.',
    ],
  ])('refuses %s beside the field', async (_, field, offset, errorId, text) => {
    const sent = offersSent();
    await open();
    fireEvent.change(screen.getByTestId(field), { target: { value: day(offset) } });
    await userEvent.click(screen.getByTestId('offer-submit'));
    expect((await screen.findByTestId(errorId)).textContent).toBe(text);
    expect(sent).toEqual([]);
  });

  it('says how many offers of the month are used before one is written', async () => {
    renderPage(<OfferForm postId="p1" businessId="b1" onCancel={() => {}} onDone={done} />, {
      path: '/post/:postId',
      url: '/post/p1',
    });
    expect((await screen.findByTestId('offer-quota')).textContent).toBe('7 of 10 offers this month');
  });

  it('at the limit: no offer can be sent, the date they start again and the plan that lifts it are shown', async () => {
    answer('/subscription', billingAnswer({}, 10));
    renderPage(<OfferForm postId="p1" businessId="b1" onCancel={() => {}} onDone={done} />, {
      path: '/post/:postId',
      url: '/post/p1',
      language: 'sq',
    });
    const out = await screen.findByTestId('offer-quota-out');
    expect(out.textContent).toContain('I keni bërë të 10 ofertat e paketës këtë muaj.');
    // Midnight of the 1st in Tirana, whatever the reader's time zone.
    expect(out.textContent).toContain('Fillojnë sërish më 1 dhjetor 2026.');
    expect(screen.getByTestId('offer-quota-upgrade').textContent).toBe('Kalo në Standard');
    expect(screen.getByTestId('offer-quota-upgrade').getAttribute('href')).toBe('/subscriptions');
    expect((screen.getByTestId('offer-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

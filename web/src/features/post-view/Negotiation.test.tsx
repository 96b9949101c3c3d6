/**
 * Negotiation on the client's request page and on the business's offer: each offer's terms and history, the
 * counter-offer sent with the version the client saw, an expired offer that cannot be accepted, the compare view
 * of up to three offers with its sorting, and the business's answer to a counter-offer.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser, Offer, Post } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { API, answer, server } from '../../testing/server';
import { BusinessAnswer, NegotiationThread } from '../../entities/offers/negotiation';
import PostViewPage from './PostViewPage';

vi.mock('../../auth/session', () => ({
  readSession: async () => ({ sub: 'sub-1', email: 'ana@example.al', role: 'client' }),
  currentIdToken: async () => 'token',
  logOut: async () => {},
}));

const TOKEN_KEY = 'CognitoIdentityServiceProvider.testclient.ana.idToken';
const owner: ClientUser = {
  _id: 'u1',
  cognitoId: 'sub-1',
  username: 'Ana',
  email: 'ana@example.al',
  createdAt: '2026-01-01T00:00:00Z',
  language: 'en',
};
const post: Post = {
  _id: 'p1',
  userId: 'u1',
  title: 'Kitchen',
  category: [],
  images: [],
  location: 'Tiranë',
  createdAt: '2026-11-01T10:00:00Z',
  status: 'open',
};
const offer = (id: string, name: string, price: number, over: Partial<Offer> = {}): Offer => ({
  _id: id,
  postId: 'p1',
  businessId: `b-${id}`,
  price,
  message: `Offer of ${name}`,
  status: 'pending',
  createdAt: '2026-11-02T10:00:00Z',
  version: 0,
  expired: false,
  awaiting: 'client',
  history: [{ by: 'business', action: 'offer', at: '2026-11-02T10:00:00Z', price }],
  business: { businessName: name, ratingAverage: 0, reviewCount: 0, verified: false, finishedJobsCount: 0 },
  ...over,
});
const oak = offer('o1', 'Oak Works', 1800, {
  items: [
    { label: 'Cabinets', amount: 1500 },
    { label: 'Fitting', amount: 300 },
  ],
  startDate: '2026-12-20',
  durationDays: 12,
  included: ['materials', 'fitting'],
  validUntil: '2026-12-10',
  business: { businessName: 'Oak Works', ratingAverage: 4.5, reviewCount: 8, verified: true, finishedJobsCount: 9 },
});
const pine = offer('o2', 'Pine & Co', 1500, { startDate: '2026-12-05', validUntil: '2026-12-12' });
const ash = offer('o3', 'Ash Studio', 2100, { startDate: '2026-12-01' });
const old = offer('o4', 'Old Style', 1700);

const show = () => renderPage(<PostViewPage />, { path: '/post/view/:id', url: '/post/view/p1' });
const card = (name: string) =>
  screen.getAllByTestId('offer-card').find((c) => within(c).queryByText(name) !== null) as HTMLElement;

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'stored');
  answer('/account', { profile: owner });
  answer('/category/all', []);
  answer('/post/:id', post);
});
afterEach(() => localStorage.clear());

describe('the offers of a request, negotiated', () => {
  it("show each offer's items, start, duration, what is included and validity", async () => {
    answer('/getPostOffers/:id', [oak, old]);
    show();
    await screen.findByText('Oak Works');
    const terms = within(card('Oak Works')).getByTestId('offer-terms');
    expect(within(terms).getByTestId('offer-items').textContent).toContain('Cabinets');
    expect(within(terms).getByTestId('offer-items').textContent).toContain('€1,500.00');
    expect(within(terms).getByTestId('offer-start').textContent).toBe('December 20, 2026');
    expect(terms.textContent).toContain('12 days');
    expect(terms.textContent).toContain('Materials, Fitting');
    expect(within(terms).getByTestId('offer-validity').textContent).toBe('Valid until December 10, 2026');
    // An offer made before these existed: a one-line offer, no validity.
    const oldTerms = within(card('Old Style')).getByTestId('offer-terms');
    expect(within(oldTerms).queryByTestId('offer-items')).toBeNull();
    expect(within(oldTerms).queryByTestId('offer-validity')).toBeNull();
  });

  it('an expired offer says so and cannot be accepted or countered', async () => {
    answer('/getPostOffers/:id', [{ ...pine, expired: true, validUntil: '2026-11-20' }]);
    show();
    await screen.findByText('Pine & Co');
    expect(screen.getByTestId('offer-validity').textContent).toBe(
      'Expired on November 20, 2026: it can no longer be accepted',
    );
    expect((screen.getByTestId('offer-accept') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('offer-counter')).toBeNull();
  });

  it('sends a counter-offer with the version the client saw, then shows it waiting for the business', async () => {
    let offers = [pine];
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/getPostOffers/:id`, () => HttpResponse.json(offers)),
      http.post(`${API}/offer/:id/counter`, async ({ request }) => {
        const body = (await request.json()) as { price: number; note?: string };
        sent.push(body);
        offers = [
          {
            ...pine,
            version: 1,
            awaiting: 'business',
            proposal: { price: Number(body.price), note: body.note, at: '2026-11-03T10:00:00Z' },
            history: [
              ...pine.history!,
              { by: 'client', action: 'counter', at: '2026-11-03T10:00:00Z', price: 1400, note: body.note },
            ],
          },
        ];
        return HttpResponse.json(offers[0]);
      }),
    );
    show();
    await userEvent.click(await screen.findByTestId('offer-counter'));
    const dialog = await screen.findByTestId('counter-dialog');
    await userEvent.type(await within(dialog).findByTestId('counter-price'), '1400');
    await userEvent.type(within(dialog).getByTestId('counter-note'), 'Can you do 1,400?');
    await userEvent.click(within(dialog).getByTestId('counter-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ version: 0, price: 1400, note: 'Can you do 1,400?' });
    expect((await screen.findByTestId('counter-sent-banner')).textContent).toContain('counter-offer was sent');
    expect((await screen.findByTestId('negotiation-waiting')).textContent).toBe(
      'Your counter-offer of €1,400.00 waits for the business to answer.',
    );
    const steps = screen.getAllByTestId('negotiation-step').map((s) => s.textContent);
    expect(steps[0]).toContain('The business offered €1,500.00');
    expect(steps[1]).toContain('The client proposed €1,400.00');
    expect(steps[1]).toContain('Can you do 1,400?');
    // One open proposal at a time: no second counter-offer while it waits.
    expect(screen.queryByTestId('offer-counter')).toBeNull();
  });

  it('refuses a counter-offer without a price beside the field, sending nothing', async () => {
    answer('/getPostOffers/:id', [pine]);
    const sent: unknown[] = [];
    server.use(http.post(`${API}/offer/:id/counter`, () => void sent.push(1)));
    show();
    await userEvent.click(await screen.findByTestId('offer-counter'));
    await userEvent.click(await screen.findByTestId('counter-send'));
    expect((await screen.findByTestId('counter-price-error')).textContent).toBe('Price must be a number.');
    expect(sent).toEqual([]);
  });

  it('accepting sends the version the client saw', async () => {
    answer('/getPostOffers/:id', [{ ...pine, version: 3 }]);
    const sent: unknown[] = [];
    server.use(
      http.put(`${API}/offer/status`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...pine, status: 'accepted' });
      }),
    );
    show();
    await userEvent.click(await screen.findByTestId('offer-accept'));
    await waitFor(() => expect(sent).toEqual([{ offerId: 'o2', newStatus: 'accepted', version: 3 }]));
  });

  it('compares up to three offers side by side, sorted by price, rating or earliest start', async () => {
    answer('/getPostOffers/:id', [oak, pine, ash, old]);
    show();
    await screen.findByText('Oak Works');
    const compare = screen.getByTestId('compare-open') as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    for (const name of ['Oak Works', 'Pine & Co', 'Ash Studio'])
      await userEvent.click(within(card(name)).getByTestId('compare-pick'));
    // A fourth cannot be ticked.
    expect((within(card('Old Style')).getByTestId('compare-pick') as HTMLInputElement).disabled).toBe(true);
    expect(compare.textContent).toBe('Compare 3 offers');
    await userEvent.click(compare);

    const dialog = await screen.findByTestId('compare-dialog');
    const columns = () =>
      within(dialog)
        .getAllByTestId('compare-business')
        .map((c) => c.textContent);
    expect(columns()).toEqual(['Pine & Co', 'Oak Works', 'Ash Studio']);
    expect(
      within(dialog)
        .getAllByTestId('compare-price')
        .map((c) => c.textContent),
    ).toEqual(['€1,500.00', '€1,800.00', '€2,100.00']);
    expect(
      within(dialog)
        .getAllByTestId('compare-jobs')
        .map((c) => c.textContent),
    ).toEqual(['0', '9', '0']);
    expect(within(dialog).getByTestId('compare-table').textContent).toContain('One price for everything');
    expect(within(dialog).getByTestId('compare-table').textContent).toContain('Cabinets');

    fireEvent.change(within(dialog).getByTestId('compare-sort'), { target: { value: 'start' } });
    await waitFor(() => expect(columns()).toEqual(['Ash Studio', 'Pine & Co', 'Oak Works']));
    fireEvent.change(within(dialog).getByTestId('compare-sort'), { target: { value: 'rating' } });
    await waitFor(() => expect(columns()[0]).toBe('Oak Works'));
    // The list follows the same order.
    await userEvent.click(within(dialog).getByTestId('compare-close'));
    expect((screen.getByTestId('offer-sort') as HTMLSelectElement).value).toBe('rating');
  });
});

describe('the negotiation thread', () => {
  it('reads in Albanian, oldest step first, with who proposed what', () => {
    renderPage(
      <NegotiationThread
        viewer="business"
        offer={offer('o9', 'X', 1000, {
          version: 3,
          history: [
            { by: 'business', action: 'offer', at: '2026-11-02T10:00:00Z', price: 1000 },
            { by: 'client', action: 'counter', at: '2026-11-03T10:00:00Z', price: 900, startDate: '2026-12-01' },
            { by: 'business', action: 'declineCounter', at: '2026-11-04T10:00:00Z' },
          ],
        })}
      />,
      { path: '/', url: '/', language: 'sq' },
    );
    const steps = screen.getAllByTestId('negotiation-step').map((s) => s.textContent ?? '');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Biznesi ofroi 1\.?000,00/);
    expect(steps[1]).toMatch(/Klienti propozoi 900,00/);
    expect(steps[1]).toContain('Fillimi: 1 dhjetor 2026');
    expect(steps[2]).toMatch(/^Biznesi mbajti ofertën e tij/);
    expect(screen.getByTestId('negotiation-waiting').textContent).toBe('Në pritje të përgjigjes së klientit.');
  });

  it('is not shown while the offer is its first step alone', () => {
    renderPage(<NegotiationThread viewer="client" offer={pine} />, { path: '/', url: '/' });
    expect(screen.queryByTestId('negotiation-thread')).toBeNull();
  });
});

describe("the business's answer to a counter-offer", () => {
  const countered = offer('o5', 'Mine', 1000, {
    version: 1,
    awaiting: 'business',
    proposal: { price: 900, note: 'Less?', at: '2026-11-03T10:00:00Z' },
  });

  it('accepts with the version it saw, and says why a refusal came', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/offer/:id/answer`, async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? HttpResponse.json({ message: 'gone', code: 'NO_OPEN_PROPOSAL' }, { status: 409 })
          : HttpResponse.json({ ...countered, status: 'accepted', price: 900 });
      }),
    );
    const revise = vi.fn();
    renderPage(<BusinessAnswer offer={countered} onRevise={revise} />, { path: '/', url: '/' });
    expect(screen.getByTestId('counter-proposal').textContent).toContain('The client proposes €900.00');
    await userEvent.click(screen.getByTestId('counter-accept'));
    expect((await screen.findByTestId('counter-answer-error')).textContent).toBe(
      'Could not answer: There is no counter-offer to answer any more. Reload the page.',
    );
    await userEvent.click(screen.getByTestId('counter-accept'));
    expect((await screen.findByTestId('counter-answered-banner')).textContent).toContain('the deal is made');
    expect(sent).toEqual([
      { version: 1, answer: 'accept' },
      { version: 1, answer: 'accept' },
    ]);
    await userEvent.click(screen.getByTestId('counter-revise'));
    expect(revise).toHaveBeenCalled();
  });
});

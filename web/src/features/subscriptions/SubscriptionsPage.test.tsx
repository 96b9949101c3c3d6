/**
 * Choosing a plan is a payment: it carries an Idempotency-Key, the same one when the same choice is
 * tried again after a failure (so the server charges once), a fresh one for the next choice. Prices show
 * in the stage's currency and plan names in the chosen language.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../common/constants';
import { renderPage } from '../../testing/render';
import { API, server } from '../../testing/server';
import SubscriptionsPage from './SubscriptionsPage';

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<SubscriptionsPage />, { path: '/subscriptions', url: '/subscriptions', language });

function payments(statuses: number[]) {
  const sent: { plan: unknown; key: string | null }[] = [];
  server.use(
    http.post(`${API}/subscription`, async ({ request }) => {
      const body = (await request.json()) as { plan: unknown };
      sent.push({ plan: body.plan, key: request.headers.get(IDEMPOTENCY_KEY_HEADER) });
      const status = statuses[sent.length - 1] ?? 200;
      return status === 200
        ? HttpResponse.json({ plan: body.plan })
        : HttpResponse.json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, { status });
    }),
  );
  return sent;
}

describe('subscription plans', () => {
  it('retrying the same plan after a failure sends the same Idempotency-Key; the next plan a new one', async () => {
    const sent = payments([503, 200, 200]);
    show();
    await userEvent.click(await screen.findByTestId('choose-plan-premium'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is busy right now. Try again in a moment.',
    );
    await userEvent.click(screen.getByTestId('choose-plan-premium'));
    expect((await screen.findByTestId('subscription-message')).textContent).toBe('You are now on the Premium plan.');
    await userEvent.click(screen.getByTestId('choose-plan-standard'));
    expect(await screen.findByText('You are now on the Standard plan.')).toBeTruthy();

    expect(sent.map((s) => s.plan)).toEqual(['premium', 'premium', 'standard']);
    expect(sent[0].key).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(sent[1].key).toBe(sent[0].key);
    expect(sent[2].key).not.toBe(sent[0].key);
  });

  it('shows plan names, prices and services in Albanian, in the stage currency', async () => {
    show('sq');
    const premium = await screen.findByTestId('plan-premium');
    expect(premium.textContent).toContain('Premium');
    expect(premium.textContent).toMatch(/8\s€/);
    expect(premium.textContent).not.toContain('$');
    expect(screen.getByTestId('choose-plan-basic').textContent).toBe('Paketa aktuale');
    expect(screen.getByTestId('choose-plan-standard').textContent).toBe('Zgjidh paketën Standard');
  });

  it('promises only what each plan does, with the numbers of its rules', async () => {
    show();
    const basic = (await screen.findByTestId('plan-basic')).textContent;
    expect(basic).toContain('10 offers a month');
    expect(basic).toContain('Up to 12 portfolio pictures');
    expect(basic).not.toContain('highlighted');
    const standard = screen.getByTestId('plan-standard').textContent;
    expect(standard).toContain('40 offers a month');
    expect(standard).toContain('Your offers highlighted to clients with the Standard mark');
    expect(standard).toContain('Listed ahead of Basic businesses at equal rating');
    const premium = screen.getByTestId('plan-premium').textContent;
    expect(premium).toContain('Unlimited offers');
    expect(premium).toContain('Up to 100 portfolio pictures');
    for (const unbuilt of ['Priority support', 'Featured in suggestions', 'sponsored ad', 'Email support', 'insights'])
      expect(document.body.textContent).not.toContain(unbuilt);
    expect(screen.getByText('How businesses are ordered')).toBeTruthy();
  });
});

/**
 * The moderators' verification queue: loading, error with Retry, empty, the pending requests with NIPT and
 * document (enlarged in a dialog), Approve, and Refuse with a required reason in a dialog.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PendingVerification } from '../../../../common/verification';
import { renderPage } from '../../testing/render';
import { API, answer, server } from '../../testing/server';
import { VerificationQueue } from './VerificationQueue';

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<VerificationQueue />, { path: '/moderation/verifications', url: '/moderation/verifications', language });

const request = (id: string, name: string, nipt: string): PendingVerification => ({
  businessId: id,
  businessName: name,
  location: 'Tiranë',
  nipt,
  documentUrl: `http://cdn.test/images/s/${id}.png/1280.webp`,
  requestedAt: '2026-11-20T10:00:00Z',
});
const casa = request('b1', 'Casa Bella', 'L21718020A');
const dru = request('b2', 'Dru & Stil', 'K12345678B');

/** The queue answers `pending` (a request leaves it once decided); decisions are recorded. */
function queueOf(pending: PendingVerification[]) {
  const decisions: { businessId: string; body: unknown }[] = [];
  server.use(
    http.get(`${API}/moderation/verifications`, () => HttpResponse.json(pending)),
    http.post(`${API}/moderation/verifications/:businessId/decision`, async ({ params, request: req }) => {
      const body = (await req.json()) as { approve: boolean };
      decisions.push({ businessId: String(params.businessId), body });
      pending = pending.filter((p) => p.businessId !== params.businessId);
      return HttpResponse.json({ status: body.approve ? 'verified' : 'refused' });
    }),
  );
  return decisions;
}

describe('VerificationQueue', () => {
  it('lists the waiting businesses with their NIPT and document, and approves one', async () => {
    const decisions = queueOf([casa, dru]);
    show();
    const entries = await screen.findAllByTestId('verification-request');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]).getByRole('heading', { name: 'Casa Bella' })).toBeTruthy();
    expect(within(entries[0]).getByText('L21718020A')).toBeTruthy();
    expect(within(entries[0]).getByRole('img', { name: 'Document of Casa Bella' })).toBeTruthy();

    await userEvent.click(within(entries[0]).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByTestId('verification-queue-done')).textContent).toBe('Casa Bella is now verified.');
    expect(decisions).toEqual([{ businessId: 'b1', body: { approve: true } }]);
    await waitFor(() => expect(screen.getAllByTestId('verification-request')).toHaveLength(1));
  });

  it('refuses only with a reason, given in a dialog', async () => {
    const decisions = queueOf([dru]);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByTestId('verification-refuse-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Refuse the request of Dru & Stil' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse request' }));
    expect((await within(dialog).findByTestId('verification-refuse-error')).textContent).toContain('is required');
    expect(decisions).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason (the business sees it)'), 'The NIPT does not match');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse request' }));
    expect((await screen.findByTestId('verification-queue-done')).textContent).toBe(
      'The request of Dru & Stil was refused.',
    );
    expect(decisions).toEqual([{ businessId: 'b2', body: { approve: false, reason: 'The NIPT does not match' } }]);
    expect(screen.queryByTestId('verification-refuse-dialog')).toBeNull();
    expect(await screen.findByTestId('verification-queue-empty')).toBeTruthy();
  });

  it('enlarges a document in a dialog', async () => {
    queueOf([casa]);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Enlarge the document of Casa Bella' }));
    const dialog = await screen.findByTestId('verification-document-dialog');
    expect(within(dialog).getByRole('img', { name: 'Document of Casa Bella' }).getAttribute('src')).toContain(
      '/images/s/b1.png/',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByTestId('verification-document-dialog')).toBeNull();
  });

  it('says so when another moderator decided first', async () => {
    answer('/moderation/verifications', [casa]);
    server.use(
      http.post(`${API}/moderation/verifications/:businessId/decision`, () =>
        HttpResponse.json({ message: 'x', code: 'ALREADY_DECIDED' }, { status: 409 }),
      ),
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByTestId('verification-queue-failed')).textContent).toBe(
      'Could not decide: This has already been decided by a moderator. Reload the list.',
    );
  });

  it('says in Albanian that no request waits', async () => {
    answer('/moderation/verifications', []);
    show('sq');
    expect((await screen.findByTestId('verification-queue-empty')).textContent).toBe('Asnjë kërkesë nuk pret.');
    expect(screen.getByRole('heading', { name: 'Kërkesat për verifikim' })).toBeTruthy();
  });

  it('shows an error with Retry when the queue cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/moderation/verifications`, () =>
        fail ? HttpResponse.json({ message: 'x', code: 'INTERNAL_ERROR' }, { status: 500 }) : HttpResponse.json([casa]),
      ),
    );
    show();
    await screen.findByTestId('load-error');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('verification-request')).toBeTruthy();
  });

  it('shows more requests from the next page', async () => {
    server.use(
      http.get(`${API}/moderation/verifications`, ({ request: req }) =>
        new URL(req.url).searchParams.get('cursor') === 'c2'
          ? HttpResponse.json([dru])
          : HttpResponse.json([casa], { headers: { 'x-next-cursor': 'c2' } }),
      ),
    );
    show();
    await screen.findByTestId('verification-request');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('verification-request')).toHaveLength(2));
  });
});

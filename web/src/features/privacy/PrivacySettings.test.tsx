/**
 * Settings > Privacy: the copy of one's data in each state (loading, error with Retry, none, being made, ready with
 * its link, failed, one a day), and deleting the account: nothing is sent without the password and the confirmation,
 * a wrong password shows beside its field, the dialog says the date. The closed account's screen says the date and
 * keeps the account.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '../../../../common/schemas/privacy';
import { renderPage } from '../../testing/render';
import { API, answer, server } from '../../testing/server';
import { PrivacySettings } from './PrivacySettings';
import ClosingAccountPage from './ClosingAccountPage';

const show = (language: 'en' | 'sq' = 'en') => renderPage(<PrivacySettings />, { path: '/s', url: '/s', language });

describe('PrivacySettings: download my data', () => {
  it('asks for a copy, says it is being made, then offers its link and until when', async () => {
    let state: DataExport = { status: 'none' };
    let asked = 0;
    server.use(
      http.get(`${API}/account/export`, () => HttpResponse.json(state)),
      http.post(`${API}/account/export`, () => {
        asked++;
        state = {
          status: 'requested',
          requestedAt: '2026-11-27T10:00:00.000Z',
          nextAllowedAt: '2026-11-28T10:00:00.000Z',
        };
        return HttpResponse.json(state, { status: 202 });
      }),
    );
    show();
    await userEvent.click(await screen.findByTestId('export-ask'));
    expect(await screen.findByTestId('export-preparing')).toBeTruthy();
    expect(asked).toBe(1);
    state = {
      status: 'ready',
      requestedAt: '2026-11-27T10:00:00.000Z',
      readyAt: '2026-11-27T10:01:00.000Z',
      expiresAt: '2026-11-28T10:01:00.000Z',
      url: 'http://s3.test/exports/zip',
      size: 2_621_440,
      nextAllowedAt: '2026-11-28T10:00:00.000Z',
    };
    const link = await screen.findByTestId('export-download', {}, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe('http://s3.test/exports/zip');
    expect(screen.getByTestId('export-ready').textContent).toContain('Your copy is ready (2.5 MB).');
    expect(screen.getByTestId('export-ready').textContent).toContain('November 28, 2026');
  });

  it('says when the next copy may be asked, and a failed one may be asked again', async () => {
    answer('/account/export', {
      status: 'expired',
      requestedAt: '2026-11-27T10:00:00.000Z',
      readyAt: '2026-11-27T10:01:00.000Z',
      expiresAt: '2026-11-28T10:01:00.000Z',
      nextAllowedAt: '2026-11-28T10:00:00.000Z',
    });
    const { unmount } = show();
    expect((await screen.findByTestId('export-next')).textContent).toContain('November 28, 2026');
    expect((screen.getByTestId('export-ask') as HTMLButtonElement).disabled).toBe(true);
    unmount();

    answer('/account/export', { status: 'failed', requestedAt: '2026-11-27T10:00:00.000Z' });
    show();
    expect(await screen.findByTestId('export-failed')).toBeTruthy();
    expect((screen.getByTestId('export-ask') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a load error with Retry, then the state', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/account/export`, () =>
        fail
          ? HttpResponse.json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, { status: 503 })
          : HttpResponse.json({ status: 'none' }),
      ),
    );
    show();
    const error = await screen.findByTestId('export-load-error');
    fail = false;
    await userEvent.click(error.querySelector('button')!);
    expect(await screen.findByTestId('export-ask')).toBeTruthy();
  });
});

describe('PrivacySettings: delete my account', () => {
  it('sends nothing without the password and the confirmation; a wrong password shows beside its field', async () => {
    answer('/account/export', { status: 'none' });
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/account/deletion`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          {
            message: 'Invalid password',
            code: 'WRONG_PASSWORD',
            errors: [{ field: 'password', message: 'wrong', code: 'WRONG_PASSWORD' }],
          },
          { status: 400 },
        );
      }),
    );
    show();
    const button = (await screen.findByTestId('delete-account')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Your password'), 'Secret#1');
    expect(button.disabled).toBe(true);
    await userEvent.click(screen.getByTestId('delete-confirm'));
    expect(button.disabled).toBe(false);
    await userEvent.click(button);
    // The dialog says the date, then the person confirms.
    expect((await screen.findByTestId('delete-dialog')).textContent).toContain('erased on');
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByTestId('delete-really'));
    expect((await screen.findByTestId('delete-password-error')).textContent).toContain(
      'That is not the password of your account.',
    );
    expect(sent).toEqual([{ password: 'Secret#1', confirm: true }]);
  });

  it('lists what happens, in Albanian', async () => {
    answer('/account/export', { status: 'none' });
    show('sq');
    expect((await screen.findByTestId('privacy-delete')).textContent).toContain('Pas 14 ditësh gjithçka fshihet');
    expect(screen.getByTestId('privacy-page-link').getAttribute('href')).toBe('/privatesia');
  });
});

describe('ClosingAccountPage', () => {
  it('says when the account is erased and keeps it', async () => {
    let state = { status: 'closing', closedAt: '2026-11-27T10:00:00.000Z', eraseAfter: '2026-12-11T10:00:00.000Z' };
    let kept = 0;
    server.use(
      http.get(`${API}/account/deletion`, () => HttpResponse.json(state)),
      http.delete(`${API}/account/deletion`, () => {
        kept++;
        state = { status: 'active' } as typeof state;
        return HttpResponse.json(state);
      }),
    );
    renderPage(<ClosingAccountPage />, { path: '/s', url: '/s' });
    expect((await screen.findByTestId('closing-date')).textContent).toContain('December 11, 2026');
    await userEvent.click(screen.getByTestId('closing-keep'));
    await waitFor(() => expect(kept).toBe(1));
  });
});

/**
 * The report dialog: its form and the shared report schema agree (a reason is required, the note has
 * REPORT_NOTE_MAX characters at most); a sent report thanks the reporter and the action then says
 * "Reported"; ALREADY_REPORTED and OWN_ITEM are said clearly; a chat message goes to its own route.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { REPORT_NOTE_MAX } from '../../../../common/moderation';
import { renderPage } from '../../testing/render';
import { API, server } from '../../testing/server';
import { ReportButton, type ReportTarget } from '.';
import { reportFields } from './ReportDialog';

const show = (target: ReportTarget = { kind: 'business', targetId: 'b7' }, language: 'en' | 'sq' = 'en') =>
  renderPage(<ReportButton target={target} />, { path: '/', url: '/', language });

/** Answers POST /report (201, or the given refusal) and keeps what was sent. */
function reportsSent(refusal?: { status: number; code: string }) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/report`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (refusal) return HttpResponse.json({ message: 'refused', code: refusal.code }, { status: refusal.status });
      return HttpResponse.json(
        { _id: 'r1', kind: body.kind, targetId: body.targetId, createdAt: '2026-11-23T10:00:00Z' },
        { status: 201 },
      );
    }),
  );
  return sent;
}

async function open() {
  await userEvent.click(await screen.findByTestId('report-button'));
  return screen.findByTestId('report-dialog');
}

describe('the report dialog', () => {
  it('lists every reason as a radio button, in English and in Albanian', async () => {
    show();
    let dialog = await open();
    expect(within(dialog).getByRole('heading', { name: 'Report this business' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Spam or advertising',
      'Fraud or a scam',
      'Abusive or threatening',
      'Inappropriate content',
      'Fake or misleading',
      'Something else',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('report-dialog')).toBeNull());

    show({ kind: 'post', targetId: 'p1' }, 'sq');
    await userEvent.click(await screen.findByRole('button', { name: 'Raporto' }));
    dialog = await screen.findByTestId('report-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Raporto këtë kërkesë' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Mashtrim ose zhvatje')).toBeTruthy();
  });

  it.each([
    ['no reason', null, ''],
    ['a reason and no note', 'spam', ''],
    ['a reason and a note of the longest length', 'fraud', 'a'.repeat(REPORT_NOTE_MAX)],
    ['a note one character too long', 'fake', 'a'.repeat(REPORT_NOTE_MAX + 1)],
    ['a note of spaces only', 'other', '   '],
  ] as const)('with %s: the form and the schema agree', async (_name, reason, note) => {
    const accepted = reportFields.safeParse({ reason: reason ?? undefined, note }).success;
    const sent = reportsSent();
    show();
    const dialog = await open();
    if (reason) await userEvent.click(within(dialog).getByTestId(`report-reason-${reason}`));
    if (note) {
      // Typing 500 characters one by one is slow: paste them.
      await userEvent.click(within(dialog).getByTestId('report-note'));
      await userEvent.paste(note);
    }
    await userEvent.click(within(dialog).getByTestId('report-submit'));
    if (accepted) {
      await screen.findByTestId('report-sent');
      const trimmed = note.trim();
      expect(sent).toEqual([{ kind: 'business', targetId: 'b7', reason, ...(trimmed ? { note: trimmed } : {}) }]);
    } else {
      expect(await within(dialog).findAllByRole('alert')).not.toHaveLength(0);
      expect(sent).toEqual([]);
    }
  });

  it('names the missing reason and a note too long beside their fields', async () => {
    reportsSent();
    show();
    const dialog = await open();
    await userEvent.click(within(dialog).getByTestId('report-note'));
    await userEvent.paste('a'.repeat(REPORT_NOTE_MAX + 1));
    await userEvent.click(within(dialog).getByTestId('report-submit'));
    expect((await within(dialog).findByTestId('report-reason-error')).textContent).toMatch(/Reason/);
    expect(within(dialog).getByTestId('report-note-error').textContent).toMatch(/500/);
    expect(within(dialog).getByText(`${REPORT_NOTE_MAX + 1} of ${REPORT_NOTE_MAX} characters`)).toBeTruthy();
  });

  it('thanks the reporter; the action then says Reported', async () => {
    const sent = reportsSent();
    show({ kind: 'review', targetId: 'job-3' });
    const dialog = await open();
    expect(within(dialog).getByRole('heading', { name: 'Report this review' })).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Abusive or threatening'));
    await userEvent.type(within(dialog).getByTestId('report-note'), '  Insults the client  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await screen.findByTestId('report-sent')).textContent).toBe(
      'Thank you. Our moderators will look at your report.',
    );
    expect(sent).toEqual([{ kind: 'review', targetId: 'job-3', reason: 'abusive', note: 'Insults the client' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect((await screen.findByTestId('report-button-done')).textContent).toBe('Reported');
    expect(screen.queryByTestId('report-button')).toBeNull();
  });

  it('says so when the user reported the item before', async () => {
    reportsSent({ status: 409, code: 'ALREADY_REPORTED' });
    show();
    const dialog = await open();
    await userEvent.click(within(dialog).getByLabelText('Spam or advertising'));
    await userEvent.click(within(dialog).getByTestId('report-submit'));
    expect((await screen.findByTestId('report-already')).textContent).toBe(
      'You have already reported this. Our moderators will look at it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByTestId('report-button-done')).toBeTruthy();
  });

  it('says that one cannot report one’s own item, and lets the user try again', async () => {
    reportsSent({ status: 400, code: 'OWN_ITEM' });
    show();
    const dialog = await open();
    await userEvent.click(within(dialog).getByLabelText('Fake or misleading'));
    await userEvent.click(within(dialog).getByTestId('report-submit'));
    expect((await within(dialog).findByTestId('report-error')).textContent).toBe(
      'You cannot report your own request, business or review.',
    );
    expect(screen.queryByTestId('report-sent')).toBeNull();
    expect(screen.getByTestId('report-button')).toBeTruthy();
  });

  it('reports a chat message on its own route with the reason and the note', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/chat/rooms/:roomId/messages/:messageId/report`, async ({ request, params }) => {
        sent.push({ ...params, body: await request.json() });
        return HttpResponse.json({ reported: true }, { status: 201 });
      }),
    );
    show({ kind: 'chatMessage', roomId: 'room-1', messageId: 'm-9' });
    const dialog = await open();
    expect(within(dialog).getByRole('heading', { name: 'Report this message' })).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Spam or advertising'));
    await userEvent.type(within(dialog).getByTestId('report-note'), 'Sells something else');
    await userEvent.click(within(dialog).getByTestId('report-submit'));
    await screen.findByTestId('report-sent');
    expect(sent).toEqual([
      { roomId: 'room-1', messageId: 'm-9', body: { reason: 'spam', note: 'Sells something else' } },
    ]);
  });
});

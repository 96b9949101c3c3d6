/**
 * /moderation/reports: loading, error with Retry and empty as distinct states; each entry with what a
 * moderator decides on; the status tabs and the cursor; Hide, Dismiss and Suspend account with their
 * reasons (the shared decision schema's rule), the confirmation before a suspension, and the decided
 * entry leaving the open list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ReportStatus } from '../../../../common/constants';
import { renderPage } from '../../testing/render';
import { API, server } from '../../testing/server';
import type { ReportedItem } from './api/types';
import ModerationPage from './ModerationPage';

const entry = (id: string, over: Partial<ReportedItem> = {}): ReportedItem => ({
  _id: id,
  kind: 'business',
  targetId: `b-${id}`,
  status: 'open',
  excerpt: `Studio ${id}`,
  ownerSub: `sub-${id}`,
  ownerName: `Owner ${id}`,
  link: `/businessprofile/b-${id}`,
  reportCount: 3,
  reasons: { fake: 2, spam: 1 },
  notes: ['Copies photos from another site', 'Never answers'],
  firstReportedAt: '2026-11-01T10:00:00Z',
  lastReportedAt: '2026-11-20T10:00:00Z',
  ...over,
});

const show = (url = '/moderation/reports', language: 'en' | 'sq' = 'en') =>
  renderPage(<ModerationPage />, { path: '/moderation/*', url, language });

/** Answers GET /moderation/reports per status (open unless given), the cursor 'c2' giving `more`. */
function queue(lists: Partial<Record<ReportStatus, ReportedItem[]>>, more?: ReportedItem[]) {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/moderation/reports`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const status = (params.get('status') ?? 'open') as ReportStatus;
      asked.push(`${status}${params.get('cursor') ? `@${params.get('cursor')}` : ''}`);
      if (params.get('cursor') === 'c2') return HttpResponse.json(more ?? []);
      return HttpResponse.json(lists[status] ?? [], { headers: more ? { 'x-next-cursor': 'c2' } : {} });
    }),
  );
  return asked;
}

/** Answers POST /moderation/reports/{id}/decision (200 and the entry leaves `lists.open`, or a refusal). */
function decisions(lists: Partial<Record<ReportStatus, ReportedItem[]>>, refusal?: { status: number; code: string }) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/moderation/reports/:id/decision`, async ({ request, params }) => {
      const body = (await request.json()) as { action: string; reason?: string };
      sent.push({ id: params.id, ...body });
      if (refusal) return HttpResponse.json({ message: 'refused', code: refusal.code }, { status: refusal.status });
      const decided = lists.open?.find((r) => r._id === params.id);
      lists.open = lists.open?.filter((r) => r._id !== params.id);
      return HttpResponse.json({ ...decided, status: 'hidden', decidedAt: '2026-11-23T10:00:00Z' });
    }),
  );
  return sent;
}

describe('the reports queue', () => {
  it('shows loading, then each entry with kind, excerpt, owner, link, count, reasons, notes and dates', async () => {
    queue({ open: [entry('r1'), entry('r2', { kind: 'review', reasons: { abusive: 1 }, notes: [], reportCount: 1 })] });
    show();
    expect(screen.getByRole('status')).toBeTruthy();
    const entries = await screen.findAllByTestId('report-entry');
    expect(entries).toHaveLength(2);
    const first = entries[0];
    expect(within(first).getByText('Business')).toBeTruthy();
    expect(within(first).getByText('Studio r1')).toBeTruthy();
    // The owner's name is theirs, not translated (translate="no"), inside the translated line.
    const owner = first.querySelector('.mod-owner');
    expect(owner?.textContent).toMatch(/^Owner: Owner r1/);
    expect(owner?.querySelector('[translate="no"]')?.textContent).toBe('Owner r1');
    expect(within(first).getByRole('link', { name: 'View it' }).getAttribute('href')).toBe('/businessprofile/b-r1');
    expect(within(first).getByTestId('report-count').textContent).toBe('3 reports');
    expect(
      within(within(first).getByRole('list', { name: 'Reasons' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Spam or advertising: 1', 'Fake or misleading: 2']);
    expect(within(first).getByText('Copies photos from another site')).toBeTruthy();
    expect(within(first).getByText('November 1, 2026')).toBeTruthy();
    expect(within(entries[1]).getByText('Review')).toBeTruthy();
    expect(within(entries[1]).getByTestId('report-count').textContent).toBe('1 report');
    expect(within(entries[1]).queryByRole('list', { name: 'Reporters’ notes' })).toBeNull();
    expect(document.title).toContain('Moderation');
  });

  it('says it in Albanian', async () => {
    queue({ open: [entry('r1')] });
    show('/moderation/reports', 'sq');
    const item = await screen.findByTestId('report-entry');
    expect(within(item).getByText('Biznes')).toBeTruthy();
    expect(within(item).getByTestId('report-count').textContent).toBe('3 raportime');
    expect(within(item).getByRole('button', { name: 'Pezullo llogarinë' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shifrat javore' })).toBeTruthy();
  });

  it('shows the empty state of the open list and of a decided status', async () => {
    queue({ open: [], dismissed: [] });
    show();
    expect((await screen.findByTestId('reports-empty')).textContent).toBe(
      'No open reports: nothing is waiting for a decision.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismissed' }));
    await waitFor(() =>
      expect(screen.getByTestId('reports-empty').textContent).toBe('No reports with this decision yet.'),
    );
  });

  it('shows an error with Retry that loads again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/moderation/reports`, () =>
        fail
          ? HttpResponse.json({ message: 'x', code: 'INTERNAL_ERROR' }, { status: 500 })
          : HttpResponse.json([entry('r1')]),
      ),
    );
    show();
    await screen.findByTestId('load-error');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('report-entry')).toBeTruthy();
  });

  it('lists each status on its tab (decided entries show the decision, without actions) and pages with the cursor', async () => {
    const asked = queue(
      {
        open: [entry('r1')],
        hidden: [entry('r5', { status: 'hidden', decidedAt: '2026-11-22T10:00:00Z', decisionReason: 'Fake business' })],
      },
      [entry('r9')],
    );
    show();
    await screen.findByText('Studio r1');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Studio r9')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Hidden' }));
    const hidden = await screen.findByText('Studio r5');
    const item = hidden.closest('li') as HTMLElement;
    expect(item.querySelector('.mod-decision-reason')?.textContent).toBe('Reason: Fake business');
    expect(within(item).getByText('November 22, 2026')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hidden' }).getAttribute('aria-pressed')).toBe('true');
    expect(asked).toEqual(['open', 'open@c2', 'hidden']);
  });
});

describe('a moderator’s decision', () => {
  it('Hide asks for a reason (none is not sent), then sends it and the entry leaves the open list', async () => {
    const lists = { open: [entry('r1'), entry('r2')] };
    queue(lists);
    const sent = decisions(lists);
    show();
    const [first] = await screen.findAllByTestId('report-entry');
    await userEvent.click(within(first).getByRole('button', { name: 'Hide' }));
    const dialog = screen.getByTestId('decision-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Hide this item' })).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('decision-submit'));
    expect((await within(dialog).findByTestId('decision-reason-error')).textContent).toMatch(/Reason/);
    expect(sent).toEqual([]);

    await userEvent.type(within(dialog).getByTestId('decision-reason'), 'Fake business with copied photos');
    await userEvent.click(within(dialog).getByTestId('decision-submit'));
    expect((await screen.findByTestId('decision-done')).textContent).toBe('The item is hidden.');
    expect(sent).toEqual([{ id: 'r1', action: 'hide', reason: 'Fake business with copied photos' }]);
    await waitFor(() => expect(screen.queryByText('Studio r1')).toBeNull());
    expect(screen.getByText('Studio r2')).toBeTruthy();
    expect(screen.queryByTestId('decision-dialog')).toBeNull();
  });

  it('Dismiss needs no reason', async () => {
    const lists = { open: [entry('r1')] };
    queue(lists);
    const sent = decisions(lists);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = screen.getByTestId('decision-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect((await screen.findByTestId('decision-done')).textContent).toBe('The reports were dismissed.');
    expect(sent).toEqual([{ id: 'r1', action: 'dismiss' }]);
    expect(await screen.findByTestId('reports-empty')).toBeTruthy();
  });

  it('Suspend account asks for a reason, then for a confirmation; Back sends nothing', async () => {
    const lists = { open: [entry('r1')] };
    queue(lists);
    const sent = decisions(lists);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = screen.getByTestId('decision-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByTestId('decision-reason-error')).toBeTruthy();

    await userEvent.type(within(dialog).getByTestId('decision-reason'), 'Scams clients');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByTestId('suspend-confirm').textContent).toBe(
      'Suspend the account of Owner r1? They are signed out at once, can no longer sign in, and the item is hidden.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(sent).toEqual([]);
    expect((within(dialog).getByTestId('decision-reason') as HTMLTextAreaElement).value).toBe('Scams clients');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, suspend the account' }));
    expect((await screen.findByTestId('decision-done')).textContent).toBe(
      'The account is suspended and the item hidden.',
    );
    expect(sent).toEqual([{ id: 'r1', action: 'suspend', reason: 'Scams clients' }]);
    expect(await screen.findByTestId('reports-empty')).toBeTruthy();
  });

  it('says so when another moderator decided first', async () => {
    const lists = { open: [entry('r1')] };
    queue(lists);
    decisions(lists, { status: 409, code: 'ALREADY_DECIDED' });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    const dialog = screen.getByTestId('decision-dialog');
    await userEvent.type(within(dialog).getByTestId('decision-reason'), 'Spam');
    await userEvent.click(within(dialog).getByTestId('decision-submit'));
    expect((await within(dialog).findByTestId('decision-error')).textContent).toBe(
      'This has already been decided by a moderator. Reload the list.',
    );
  });
});

/** The contact form refuses what POST /contactForm refuses (contactBody) and sends what it accepts. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { contactBody } from '../../../../common/schemas/contact';
import { renderPage } from '../../testing/render';
import { API, server } from '../../testing/server';
import { HelpSupport } from './HelpSupport';

function sendsTo() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/contactForm`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ ok: true });
    }),
  );
  return sent;
}

async function submit(message: string) {
  renderPage(<HelpSupport />, { path: '/settings', url: '/settings' });
  const box = await screen.findByTestId('contact-message');
  await userEvent.click(box);
  await userEvent.paste(message);
  await userEvent.click(screen.getByTestId('contact-send'));
}

describe('contact form', () => {
  it.each([
    ['a short question', 'Where do I see my offers?'],
    ['several lines', 'Hello,\nmy post is gone.\n\tThanks'],
    ['the longest message', 'x'.repeat(5000)],
  ])('sends %s, as the API accepts it', async (_, message) => {
    expect(contactBody.safeParse({ message }).success).toBe(true);
    const sent = sendsTo();
    await submit(message);
    expect(await screen.findByTestId('contact-thanks')).toBeTruthy();
    expect(sent).toEqual([{ message: message.trim() }]);
  });

  it.each([
    ['a message over 5000 characters', 'x'.repeat(5001), 'Message is too long (at most 5000 characters).'],
    ['a bidirectional override', 'pay \u202Eme', 'Message contains characters that are not allowed.'],
  ])('refuses %s beside the field, as the API does', async (_, message, text) => {
    expect(contactBody.safeParse({ message }).success).toBe(false);
    const sent = sendsTo();
    await submit(message);
    expect((await screen.findByTestId('contact-message-error')).textContent).toBe(text);
    expect(sent).toEqual([]);
  });

  it('shows the API field error beside the message', async () => {
    server.use(
      http.post(`${API}/contactForm`, () =>
        HttpResponse.json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'message', message: 'message is refused', code: 'INVALID_TEXT' }],
          },
          { status: 400 },
        ),
      ),
    );
    await submit('Hello');
    expect((await screen.findByTestId('contact-message-error')).textContent).toBe(
      'Message contains characters that are not allowed.',
    );
    expect(screen.queryByTestId('contact-error')).toBeNull();
  });
});

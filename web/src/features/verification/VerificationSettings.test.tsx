/**
 * Settings > Verification: the business sees where its verification stands (loading, error with Retry, not asked,
 * waiting, verified, refused with the reason) and asks with its NIPT (the form refuses exactly what the API's
 * schema refuses) and a photo of a document, uploaded before the request.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Verification } from '../../../../common/verification';
import { renderPage } from '../../testing/render';
import { API, answer, server } from '../../testing/server';
import { loadNiptForm, VerificationSettings } from './VerificationSettings';

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<VerificationSettings />, { path: '/s', url: '/s', language });

const UPLOAD_KEY = 'uploads/sub-b/doc.png';

/** The picture pipeline answers: a presigned PUT, the PUT, the processor's verdict. */
function acceptUploads() {
  server.use(
    http.post(`${API}/generatePresignedURL`, () =>
      HttpResponse.json({ url: 'http://s3.test/put', key: UPLOAD_KEY, method: 'PUT', headers: {} }),
    ),
    http.put('http://s3.test/put', () => new HttpResponse(null, { status: 200 })),
    http.get(`${API}/upload/state`, ({ request }) =>
      new URL(request.url).searchParams.get('key') === UPLOAD_KEY
        ? HttpResponse.json({ state: 'ready', width: 10, height: 10 })
        : HttpResponse.json({ message: 'Upload not found', code: 'NOT_FOUND' }, { status: 404 }),
    ),
  );
}

const photo = () => new File(['png'], 'qkb.png', { type: 'image/png' });

describe('VerificationSettings', () => {
  it('asks with the NIPT (trimmed, upper-cased) and the uploaded document, then says it waits', async () => {
    let status: Verification = { status: 'none' };
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/business/verification`, () => HttpResponse.json(status)),
      http.post(`${API}/business/verification`, async ({ request }) => {
        sent.push(await request.json());
        status = { status: 'pending', nipt: 'L21718020A', requestedAt: '2026-11-20T10:00:00Z' };
        return HttpResponse.json(status, { status: 201 });
      }),
    );
    acceptUploads();
    show();
    expect(await screen.findByText('Your business is not verified yet.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('NIPT'), ' l21718020a ');
    await userEvent.upload(screen.getByTestId('verification-document'), photo());
    expect(screen.getByRole('img', { name: 'The document you chose' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for verification' }));

    expect((await screen.findByTestId('verification-sent')).textContent).toContain('A moderator will look at it');
    expect(sent).toEqual([{ nipt: 'L21718020A', document: UPLOAD_KEY }]);
    expect(screen.getByTestId('verification-status').textContent).toContain('is waiting for a moderator');
    expect(screen.queryByRole('button', { name: 'Ask for verification' })).toBeNull();
  });

  it('refuses in the form exactly the NIPTs the API schema refuses, and sends nothing then', async () => {
    let posts = 0;
    answer('/business/verification', { status: 'none' });
    server.use(
      http.post(`${API}/business/verification`, () => {
        posts++;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    show();
    const input = await screen.findByLabelText('NIPT');
    for (const value of [
      'L21718020A',
      ' k12345678b ',
      'L2171802',
      '121718020A',
      'L21718020AB',
      'L2171802OA',
      'LL1718020A',
    ]) {
      await userEvent.clear(input);
      await userEvent.type(input, value);
      await userEvent.click(screen.getByRole('button', { name: 'Ask for verification' }));
      const refused = !(await loadNiptForm()).safeParse({ nipt: value }).success;
      await waitFor(() =>
        expect(!!screen.queryByTestId('verification-nipt-error'), `${value}: refused ${refused}`).toBe(refused),
      );
      if (refused)
        expect(screen.getByTestId('verification-nipt-error').textContent).toBe(
          'Enter a NIPT: a letter, 8 digits and a letter (e.g. L21718020A).',
        );
    }
    // Valid NIPTs without a document ask for the photo; nothing was sent.
    expect(screen.getByTestId('verification-document-error').textContent).toBe('Choose a photo of the document.');
    expect(posts).toBe(0);
  });

  it('shows the refusal reason and lets the business ask again, in Albanian', async () => {
    answer('/business/verification', {
      status: 'refused',
      nipt: 'L21718020A',
      requestedAt: '2026-11-18T10:00:00Z',
      decidedAt: '2026-11-19T10:00:00Z',
      reason: 'Dokumenti nuk lexohet',
    });
    show('sq');
    expect((await screen.findByTestId('verification-reason')).textContent).toBe('Arsyeja: Dokumenti nuk lexohet');
    expect(screen.getByRole('button', { name: 'Kërkoje përsëri' })).toBeTruthy();
    expect(screen.getByLabelText('NIPT')).toBeTruthy();
  });

  it('shows the verified badge and no form once verified', async () => {
    answer('/business/verification', {
      status: 'verified',
      nipt: 'L21718020A',
      requestedAt: '2026-11-18T10:00:00Z',
      decidedAt: '2026-11-19T10:00:00Z',
    });
    show();
    expect((await screen.findByTestId('verified-badge')).textContent).toBe('Verified');
    expect(screen.getByTestId('verification-status').textContent).toContain('L21718020A');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText('NIPT')).toBeNull();
  });

  it('says why the API refused the request', async () => {
    answer('/business/verification', { status: 'none' });
    server.use(
      http.post(`${API}/business/verification`, () =>
        HttpResponse.json({ message: 'x', code: 'VERIFICATION_PENDING' }, { status: 409 }),
      ),
    );
    acceptUploads();
    show();
    await userEvent.type(await screen.findByLabelText('NIPT'), 'L21718020A');
    await userEvent.upload(screen.getByTestId('verification-document'), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Ask for verification' }));
    expect((await screen.findByTestId('verification-error')).textContent).toBe(
      'Your verification request is waiting for a moderator.',
    );
  });

  it('refuses a file that is not a picture before uploading it', async () => {
    answer('/business/verification', { status: 'none' });
    show();
    await screen.findByLabelText('NIPT');
    fireEvent.change(screen.getByTestId('verification-document'), {
      target: { files: [new File(['%PDF'], 'qkb.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByTestId('verification-document-error').textContent).toBe(
      'Choose a JPEG, PNG or WebP photo of at most 5 MB.',
    );
  });

  it('shows an error with Retry when the verification cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/business/verification`, () =>
        fail
          ? HttpResponse.json({ message: 'x', code: 'INTERNAL_ERROR' }, { status: 500 })
          : HttpResponse.json({ status: 'none' }),
      ),
    );
    show();
    await screen.findByTestId('load-error');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your business is not verified yet.')).toBeTruthy();
  });
});

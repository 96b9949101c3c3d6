/** The add-post form refuses what POST /post refuses (createPostBody) and sends what it accepts. */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { POST_TITLE_MAX } from '../../../../common/constants';
import { createPostBody } from '../../../../common/schemas/posts';
import { renderPage } from '../../testing/render';
import { answer, API, server } from '../../testing/server';
import { AddPostForm } from './AddPostPage';

let created = vi.fn();

function postsSent() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/post`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ _id: 'p1', ...body }, { status: 201 });
    }),
  );
  return sent;
}

function show(language: 'en' | 'sq' = 'en') {
  created = vi.fn();
  answer('/category/all', [{ _id: 'decor', name: 'Decor' }]);
  return renderPage(<AddPostForm userId="u1" signedIn onSignIn={() => {}} onCancel={() => {}} onCreated={created} />, {
    path: '/post/create',
    url: '/post/create',
    language,
  });
}

async function fill(title: string, location: string, budget: string, content: string) {
  show();
  if (title) {
    await userEvent.click(screen.getByLabelText('Title'));
    await userEvent.paste(title);
  }
  if (location) await userEvent.selectOptions(screen.getByLabelText('Location'), location);
  if (budget) fireEvent.input(screen.getByLabelText('Budget (€)'), { target: { value: budget } });
  if (content) {
    await userEvent.click(screen.getByLabelText('Description'));
    await userEvent.paste(content);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
}

const sample = (title: string, location: string, budget: string, content: string) => ({
  userId: 'u1',
  title,
  location,
  budget,
  content,
  category: [],
  images: [],
});

describe('add-post form', () => {
  it.each([
    ['a title and a town', 'Kitchen', 'Tirana', '', ''],
    ['a whole budget', 'Bathroom tiles', 'Durrës', '1500', 'Small bathroom, 4 m²'],
    ['a budget of 0', 'Paint', 'Korçë', '0', ''],
    ['the longest title', 'x'.repeat(POST_TITLE_MAX), 'Vlorë', '', ''],
  ])('sends %s, as the API accepts it', async (_, title, location, budget, content) => {
    const parsed = createPostBody().safeParse(sample(title, location, budget, content));
    expect(parsed.success).toBe(true);
    const sent = postsSent();
    await fill(title, location, budget, content);
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    expect(sent).toEqual([{ ...parsed.data, category: [], content: parsed.data?.content ?? '' }]);
  });

  it.each([
    ['no title', '', 'Tirana', '', '', 'post-title-error', 'Title is required.'],
    ['a blank title', '   ', 'Tirana', '', '', 'post-title-error', 'Title is required.'],
    ['no town', 'Kitchen', '', '', '', 'post-location-error', 'Location is required.'],
    ['a budget with cents', 'Kitchen', 'Tirana', '10.5', '', 'post-budget-error', 'Budget must be a whole number.'],
    ['a negative budget', 'Kitchen', 'Tirana', '-1', '', 'post-budget-error', 'Budget must be at least 0.'],
    [
      'a description over 5000',
      'Kitchen',
      'Tirana',
      '',
      'x'.repeat(5001),
      'post-content-error',
      'Description is too long (at most 5000 characters).',
    ],
  ])('refuses %s beside the field, as the API does', async (_, title, location, budget, content, errorId, text) => {
    const parsed = createPostBody().safeParse(sample(title, location, budget, content));
    expect(parsed.success).toBe(false);
    const sent = postsSent();
    await fill(title, location, budget, content);
    expect((await screen.findByTestId(errorId)).textContent).toBe(text);
    expect(sent).toEqual([]);
    expect(created).not.toHaveBeenCalled();
  });

  it("shows the API's field error beside its field", async () => {
    server.use(
      http.post(`${API}/post`, () =>
        HttpResponse.json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            errors: [
              { field: 'title', message: 'title contains characters that are not allowed', code: 'INVALID_TEXT' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await fill('Kitchen', 'Tirana', '', '');
    expect((await screen.findByTestId('post-title-error')).textContent).toBe(
      'Title contains characters that are not allowed.',
    );
    expect(created).not.toHaveBeenCalled();
  });

  it('refuses a sixth picture and stops saying so once a picture is removed', async () => {
    let n = 0;
    server.use(http.post(`${API}/generatePresignedURL`, () => HttpResponse.json({ status: 500 }, { status: 500 })));
    show();
    const input = screen.getByLabelText('Images');
    const files = (count: number) =>
      Array.from({ length: count }, () => new File(['x'], `room-${++n}.png`, { type: 'image/png' }));
    await userEvent.upload(input, files(5));
    expect(await screen.findAllByRole('button', { name: /^Remove room-/ })).toHaveLength(5);
    await userEvent.upload(input, files(1));
    expect((await screen.findByTestId('image-alert')).textContent).toBe('Maximum 5 images allowed.');
    expect(screen.getAllByRole('button', { name: /^Remove room-/ })).toHaveLength(5);
    await userEvent.click(screen.getAllByRole('button', { name: /^Remove room-/ })[0]);
    expect(screen.queryByTestId('image-alert')).toBeNull();
  });

  it('refuses a picture that is not JPEG or PNG', async () => {
    show();
    await userEvent.upload(screen.getByLabelText('Images'), new File(['x'], 'plan.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect((await screen.findByTestId('image-alert')).textContent).toBe('Only JPEG, JPG and PNG images are allowed.');
  });

  it('speaks Albanian: labels and the field errors', async () => {
    postsSent();
    show('sq');
    await userEvent.click(await screen.findByRole('button', { name: 'Publiko kërkesën' }));
    expect((await screen.findByTestId('post-title-error')).textContent).toContain('Titulli');
    expect(screen.getByLabelText('Buxheti (€)')).toBeTruthy();
  });

  it("keeps the services' place while they load, and offers Retry when they cannot be loaded", async () => {
    let fail = true;
    server.use(
      http.get(`${API}/category/all`, () =>
        fail
          ? HttpResponse.json({ message: 'x', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json([{ _id: 'decor', name: 'Decor' }]),
      ),
    );
    renderPage(<AddPostForm userId="u1" signedIn onSignIn={() => {}} onCancel={() => {}} onCreated={() => {}} />, {
      path: '/post/create',
      url: '/post/create',
    });
    expect(screen.getByRole('status', { name: 'Loading services…' })).toBeTruthy();
    const error = await screen.findByTestId('post-categories-load-error');
    expect(error.textContent).toContain('The services could not be loaded.');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Decor' })).toBeTruthy();
    expect(screen.queryByTestId('post-categories-load-error')).toBeNull();
  });
});

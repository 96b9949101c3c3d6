/**
 * The profile edit forms refuse what PUT /user/{id} and PUT /business/{id} refuse (the same schemas) and
 * send what they accept, without `email`; the API's field errors show beside their fields; loading, a
 * failed load (with Retry) and the form are three states.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { updateBusinessBody, updateUserBody } from '../../../../common/schemas/accounts';
import { renderPage } from '../../testing/render';
import { answer, API, server } from '../../testing/server';
import { BusinessProfileEdit, ClientProfileEdit } from './ProfileEdit';

const client = { _id: 'u1', username: 'Arta Hoxha', email: 'arta@example.com', location: 'Tirana' };
const business = {
  _id: 'b1',
  businessName: 'Druri',
  email: 'druri@example.com',
  description: 'Mobilie me porosi.',
  location: 'Durrës',
  categories: [],
};

function saves(path: string) {
  const sent: unknown[] = [];
  server.use(
    http.put(`${API}${path}`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({});
    }),
  );
  return sent;
}

async function typeInto(testId: string, value: string) {
  const box = await screen.findByTestId(testId);
  await userEvent.clear(box);
  if (value) {
    await userEvent.click(box);
    await userEvent.paste(value);
  }
}

const showClient = () =>
  renderPage(<ClientProfileEdit id="u1" />, {
    path: '/settings/:id/client-profile',
    url: '/settings/u1/client-profile',
  });
const showBusiness = () =>
  renderPage(<BusinessProfileEdit id="b1" />, {
    path: '/settings/:id/business-profile',
    url: '/settings/b1/business-profile',
  });

describe('client profile edit', () => {
  it.each([
    ['a usual name', 'Arta Hoxha'],
    ['the longest name', 'a'.repeat(100)],
  ])('sends %s, as the API accepts it, without email', async (_, username) => {
    expect(updateUserBody().safeParse({ username }).success).toBe(true);
    answer('/user/u1', client);
    const sent = saves('/user/u1');
    showClient();
    await typeInto('profile-fullname', username);
    await userEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([{ username, location: 'Tirana' }]);
  });

  it.each([
    ['a name over 100 characters', 'a'.repeat(101), 'Full Name is too long (at most 100 characters).'],
    ['a bidirectional override', 'Arta \u202EHoxha', 'Full Name contains characters that are not allowed.'],
  ])('refuses %s beside the field, as the API does', async (_, username, text) => {
    expect(updateUserBody().safeParse({ username }).success).toBe(false);
    answer('/user/u1', client);
    const sent = saves('/user/u1');
    showClient();
    await typeInto('profile-fullname', username);
    await userEvent.click(screen.getByTestId('profile-save'));
    expect((await screen.findByTestId('profile-fullname-error')).textContent).toBe(text);
    expect(sent).toEqual([]);
  });

  it('shows loading, then a failed load with Retry, then the form', async () => {
    answer('/user/u1', 'never');
    const view = showClient();
    expect(await screen.findByRole('status')).toBeTruthy();
    view.unmount();

    answer('/user/u1', { status: 500 });
    showClient();
    expect((await screen.findByTestId('load-error')).textContent).toContain('Failed to load profile data');
    answer('/user/u1', client);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(((await screen.findByTestId('profile-fullname')) as HTMLInputElement).value).toBe('Arta Hoxha');
  });
});

describe('business profile edit', () => {
  it('refuses a description over 5000 characters, as the API does', async () => {
    const description = 'x'.repeat(5001);
    expect(updateBusinessBody().safeParse({ description }).success).toBe(false);
    answer('/business/b1', business);
    answer('/category/all', []);
    const sent = saves('/business/b1');
    showBusiness();
    await typeInto('profile-description', description);
    await userEvent.click(screen.getByTestId('profile-save'));
    expect((await screen.findByTestId('profile-description-error')).textContent).toBe(
      'Description is too long (at most 5000 characters).',
    );
    expect(sent).toEqual([]);
  });

  it('starts the service towns at the business town and sends the towns chosen', async () => {
    answer('/business/b1', business);
    answer('/category/all', []);
    const sent = saves('/business/b1');
    showBusiness();
    const towns = (await screen.findByTestId('profile-service-towns')) as HTMLSelectElement;
    expect(Array.from(towns.options).flatMap((o) => (o.selected ? [o.value] : []))).toEqual(['Durrës']);
    const names = Array.from(towns.options, (o) => o.value);
    expect(names.indexOf('Çorovodë')).toBeGreaterThan(names.indexOf('Cërrik'));
    Array.from(towns.options).find((o) => o.value === 'Tirana')!.selected = true;
    fireEvent.change(towns);
    await userEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { serviceTowns: string[] }).serviceTowns).toEqual(['Durrës', 'Tirana']);
  });

  it('turns the public page off, and links to it while it is on', async () => {
    answer('/business/b1', { ...business, slug: 'druri', publicPage: true });
    answer('/category/all', []);
    const sent = saves('/business/b1');
    showBusiness();
    const toggle = (await screen.findByRole('checkbox', { name: 'Show my public page' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByTestId('profile-public-link').getAttribute('href')).toBe('/en/business/druri');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { publicPage: boolean }).publicPage).toBe(false);
  });

  it('names the public page switch in Albanian', async () => {
    answer('/business/b1', { ...business, slug: 'druri', publicPage: true });
    answer('/category/all', []);
    renderPage(<BusinessProfileEdit id="b1" />, {
      path: '/settings/:id/business-profile',
      url: '/settings/b1/business-profile',
      language: 'sq',
    });
    expect(await screen.findByRole('checkbox', { name: 'Shfaq faqen time publike' })).toBeTruthy();
    expect(screen.getByTestId('profile-public-link').getAttribute('href')).toBe('/biznes/druri');
  });

  it('refuses no service town, as the API does', async () => {
    answer('/business/b1', business);
    answer('/category/all', []);
    const sent = saves('/business/b1');
    showBusiness();
    await userEvent.deselectOptions(await screen.findByTestId('profile-service-towns'), 'Durrës');
    await userEvent.click(screen.getByTestId('profile-save'));
    expect((await screen.findByTestId('profile-service-towns-error')).textContent).not.toBe('');
    expect(sent).toEqual([]);
  });

  it('shows the API field error beside the business name, in Albanian too', async () => {
    answer('/business/b1', business);
    answer('/category/all', []);
    server.use(
      http.put(`${API}/business/b1`, () =>
        HttpResponse.json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'businessName', message: 'refused', code: 'FIELD_TOO_LONG' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderPage(<BusinessProfileEdit id="b1" />, {
      path: '/settings/:id/business-profile',
      url: '/settings/b1/business-profile',
      language: 'sq',
    });
    await screen.findByTestId('profile-business-name');
    await userEvent.click(screen.getByTestId('profile-save'));
    expect((await screen.findByTestId('profile-business-name-error')).textContent).toContain('Emri i biznesit');
    expect(screen.queryByTestId('profile-save-error')).toBeNull();
  });
});

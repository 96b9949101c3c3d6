/**
 * A client looks after their account: edits the profile (Full Name, town) and sees it on
 * /clientprofile/{id}; changes the password with the live criteria and the inline 'Passwords do not
 * match.', logs out and back in with the new password (the old one no longer works); and sends a
 * message through Help & Support, which thanks them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launch, logIn, webUrl } from './browser';
import {
  createPost,
  newBusiness,
  newClient,
  pictureFile,
  shots,
  signedIn,
  tag,
  type Business,
  type Client,
} from './people';

const NEW_PASSWORD = 'Shtepi.2026!';

describe('profile and settings', () => {
  let browser: Browser;
  let client: Client;
  let page: Page;

  let postId: string;
  const title = `Reading corner ${tag()}`;

  beforeAll(async () => {
    [browser, client] = await Promise.all([launch(), newClient({ username: 'teuta.b' })]);
    postId = await createPost(client, { title, location: 'Berat', budget: 350, categories: ['Decor'] });
    ({ page } = await signedIn(browser, client));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('edits Full Name and location and sees them on the profile', async () => {
    await page.goto(webUrl(`/clientprofile/${client.userId}`));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('teuta.b');
    await page.getByTestId('profile-settings').click();
    await page.waitForURL(`**/settings/${client.userId}/client-profile`);
    const name = page.getByLabel('Full Name');
    await expect.poll(() => name.inputValue()).toBe('teuta.b');
    await name.fill('Teuta Berisha');
    await page.getByLabel('Location').selectOption('Berat');
    // A photo under 190 x 190 px is refused with a banner; a big enough one is uploaded.
    const photoInput = page.getByTestId('profile-photo-input');
    await photoInput.setInputFiles(pictureFile('tiny.png', 2, { width: 120, height: 120 }));
    await page.getByText('Image is too small, try another one.').waitFor();
    await photoInput.setInputFiles(pictureFile('me.png', 2));
    const preview = page.getByRole('img', { name: 'Current avatar' });
    await expect.poll(() => preview.getAttribute('src'), { timeout: 15_000 }).toMatch(/\/images\/.+\.png\/1280\.webp$/);
    await shots(page, 'settings-client-profile');
    await page.getByTestId('profile-save').click();

    await page.waitForURL(`**/clientprofile/${client.userId}`);
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Teuta Berisha');
    expect(await page.locator('.pf-location').textContent()).toBe('Berat, Albania');
    const avatar = page.getByRole('img', { name: "Teuta Berisha's profile picture" });
    await expect
      .poll(
        () => avatar.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : '')),
        { timeout: 10_000 },
      )
      .toMatch(/\/images\/.+\.png\/\d+\.webp$/); // a processed version, never the upload
    await page.getByTestId('profile-section-open').getByRole('heading', { name: 'Available posts (1)' }).waitFor();
    // The sidebar menu shows the new name too.
    await page.setViewportSize(MOBILE);
    await page.getByTestId('nav-menu').click();
    await expect.poll(() => page.getByTestId('sidebar-name').textContent()).toBe('Teuta Berisha');
    // The drawer slides in; once still it lies inside the phone's screen.
    await page.getByTestId('sidebar').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const box = (await page.getByTestId('sidebar').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    await page.screenshot({ path: 'test-results/screenshots/sidebar-mobile.png' });
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press('Escape');
    await page.getByTestId('sidebar').waitFor({ state: 'detached' });
    await shots(page, 'client-profile-edited');
  });

  it("a business opening the client's earlier post sees the new name", async () => {
    const business = await newBusiness({ businessName: `Lexo ${tag()}` });
    const { context, page: other } = await signedIn(browser, business);
    await other.goto(webUrl(`/post/${postId}`));
    await other.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => other.getByTestId('post-client-link').textContent()).toBe('Teuta Berisha');
    await other.getByTestId('post-client-link').click();
    await other.waitForURL(`**/clientprofile/${client.userId}`);
    await expect.poll(() => other.getByTestId('profile-name').textContent()).toBe('Teuta Berisha');
    await context.close();
  });

  it('changes the password with live criteria, then logs out and in with the new one', async () => {
    await page.goto(webUrl(`/settings/${client.userId}/change-password`));
    const criteria = page.getByRole('list', { name: 'Password criteria' }).getByRole('listitem');
    const met = () => criteria.evaluateAll((items) => items.map((li) => li.getAttribute('data-ok')));
    await criteria.first().waitFor();
    await expect.poll(met).toEqual(['false', 'false', 'false', 'false', 'false']);

    await page.getByTestId('password-current').fill(client.password);
    await page.getByTestId('password-new').fill('shtepi');
    await expect.poll(met).toEqual(['false', 'false', 'true', 'false', 'false']);
    await page.getByTestId('password-new').fill(NEW_PASSWORD);
    await expect.poll(met).toEqual(['true', 'true', 'true', 'true', 'true']);

    await page.getByTestId('password-confirm').fill('Shtepi.2026');
    expect(await page.getByTestId('password-mismatch').textContent()).toBe('Passwords do not match.');
    await shots(page, 'change-password-mismatch');
    // Saving anyway is refused with the spec's message.
    await page.getByTestId('password-save').click();
    expect(await page.getByTestId('password-error').textContent()).toBe('The new password is not confirmed correctly.');

    await page.getByTestId('password-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('password-mismatch').waitFor({ state: 'detached' });
    await page.getByTestId('password-save').click();
    await page.getByTestId('password-changed').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('password-error').count()).toBe(0);

    await page.getByTestId('nav-menu').click();
    await page.getByTestId('sidebar').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');

    // The old password no longer works ...
    await logIn(page, client.email, client.password);
    const error = page.getByTestId('error-modal');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.getByRole('heading').textContent()).toBe('Error');
    expect(page.url()).toMatch(/\/login$/);
    await shots(page, 'login-old-password-refused');
    await error.getByRole('button', { name: 'Close', exact: true }).click();
    // ... the new one does, and leads to the dashboard, not back to the settings page left at logout.
    await logIn(page, client.email, NEW_PASSWORD);
    await page.waitForURL('**/client-dashboard', { timeout: 20_000 });
  });

  it('Help & Support: the contact form thanks the user', async () => {
    await page.goto(webUrl(`/settings/${client.userId}/help-support`));
    await page
      .getByText('Posts cannot be edited, only deleted', { exact: false })
      .first()
      .waitFor({ state: 'attached' });
    const send = page.getByTestId('contact-send');
    expect(await send.isDisabled()).toBe(true);
    await page.getByTestId('contact-message').fill('How do I add more pictures to a post?');
    await shots(page, 'help-support');
    await send.click();
    // The thank-you shows for one second, then goes; the form is emptied.
    await page.getByTestId('contact-thanks').waitFor();
    expect(await page.getByTestId('contact-thanks').textContent()).toBe('Thank you! Your message has been sent.');
    expect(await page.getByTestId('contact-message').inputValue()).toBe('');
    await page.getByTestId('contact-thanks').waitFor({ state: 'detached', timeout: 3_000 });
  });
});

describe('business profile and portfolio', () => {
  let browser: Browser;
  let business: Business;
  let page: Page;
  const name = `Ndriçim ${tag()}`;

  beforeAll(async () => {
    [browser, business] = await Promise.all([launch(), newBusiness({ businessName: 'temp name', location: 'Tirana' })]);
    ({ page } = await signedIn(browser, business));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('edits name, description, town and services and sees them on the profile', async () => {
    await page.goto(webUrl(`/settings/${business.businessId}/business-profile`));
    const nameField = page.getByLabel('Business Name');
    await expect.poll(() => nameField.inputValue()).toBe('temp name');
    await nameField.fill(name);
    await page.getByLabel('Description').fill('Lighting design for homes and shops since 2012.');
    await page.getByLabel('Location').selectOption('Lushnjë');
    const services = page.getByRole('group', { name: 'Categories' });
    await services.getByRole('button', { name: 'Lights', exact: true }).click();
    await services.getByRole('button', { name: 'Interior Design', exact: true }).click();
    await shots(page, 'settings-business-profile');
    await page.getByTestId('profile-save').click();

    await page.waitForURL(`**/businessprofile/${business.businessId}`);
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe(name);
    expect(await page.getByRole('region', { name: 'About Business' }).textContent()).toContain(
      'Lighting design for homes and shops since 2012.',
    );
    expect(await page.locator('.pf-location').first().textContent()).toBe('Lushnjë, Albania');
    const cats = await page.locator('.pf-categories').first().textContent();
    expect(cats).toContain('Lights');
    expect(cats).toContain('Interior Design');
  });

  it('adds a catalogue of two pictures: the portfolio shows them and opens the lightbox', async () => {
    await page.getByTestId('add-catalogue').click();
    const dialog = page.getByTestId('catalogue-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('catalogue-submit').isDisabled()).toBe(true);
    await dialog
      .getByTestId('catalogue-files')
      .setInputFiles([pictureFile('shop-1.png', 1), pictureFile('shop-2.png', 4)]);
    await dialog.getByTestId('catalogue-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    const items = page.getByRole('button', { name: /^Open portfolio image/ });
    await expect.poll(() => items.count()).toBe(2);
    await page.reload();
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(2);
    await shots(page, 'business-portfolio');
    await items.nth(1).click();
    const lightbox = page.getByTestId('portfolio-lightbox');
    const big = lightbox.getByRole('img', { name: 'Portfolio 2 of 2' });
    await expect
      .poll(() => big.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : '')), {
        timeout: 10_000,
      })
      .toMatch(/\/images\/.+\.png\/\d+\.webp$/); // a processed version, never the upload
    await lightbox.getByRole('button', { name: 'Show image 1' }).click();
    await lightbox.getByRole('img', { name: 'Portfolio 1 of 2' }).waitFor();
    // By keyboard: Arrow Right shows the next image, Escape closes and gives focus back to the opener.
    await page.keyboard.press('ArrowRight');
    await lightbox.getByRole('img', { name: 'Portfolio 2 of 2' }).waitFor();
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    expect(await items.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

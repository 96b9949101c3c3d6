/**
 * The demo accounts of a local stack (bin/local/seed.ts) for the scripts that drive it: signing in through the
 * login screen, as a visitor does, and calling the API as one of them (a token from the user pool, as the app gets
 * one). Used by `npm run screenshots:readme` and `npm run size`.
 */
import type { Page } from 'playwright-core';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../bin/local/seed';
import type { StackInfo } from '../../bin/local/stack';

export type DemoRole = 'client' | 'business';

/** The demo client or the demo business (not the moderator, who is a client too). */
export const demoAccount = (role: DemoRole): DemoAccount => DEMO_ACCOUNTS.find((a) => a.role === role && !a.moderator)!;

/** Signs in through the login screen, found by its fields (not its words, which depend on the language). */
export async function signInThroughLoginScreen(page: Page, webUrl: string, role: DemoRole): Promise<void> {
  const account = demoAccount(role);
  await page.goto(`${webUrl}/login`);
  const form = page.getByTestId('login-mode-login');
  await form.locator('input[type=email]').fill(account.email);
  await form.locator('input[type=password]').fill(account.password);
  await form.locator('button[type=submit]').click();
  await page.waitForURL(/\/(client|business)-dashboard$/, { timeout: 60_000 });
}

/** An ID token from the local user pool for `email` (USER_PASSWORD_AUTH, as the app signs in) and its Cognito sub. */
export async function userPoolToken(stack: StackInfo, email: string, password: string) {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.authEndpoint,
    region: stack.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = auth.AuthenticationResult!.IdToken!;
    const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
    return { token, sub };
  } finally {
    cognito.destroy();
  }
}

/** The API as one demo account: its Cognito sub and a call with its ID token (throws on an answer that is not 2xx). */
export async function demoApi(stack: StackInfo, role: DemoRole) {
  const account = demoAccount(role);
  const { token, sub } = await userPoolToken(stack, account.email, account.password);
  const call = async <T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> => {
    const res = await fetch(stack.apiUrl + route, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { sub, call, get: <T>(route: string) => call<T>('GET', route) };
}

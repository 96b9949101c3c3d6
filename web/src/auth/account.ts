/**
 * The signed-in user's API record (client user or business): GET /account, the caller's own.
 *
 * The record can only be created with a token whose `sub` is its cognitoId, i.e. after the first
 * successful login, not at sign-up. So the sign-up form keeps the registration details in
 * localStorage (keyed by email) and the first login creates the record when GET /account answers
 * `profile: null` (a 200: a new account is an expected state, not an error).
 */
import type { Business, ClientUser, OwnAccount } from '../../../common/types';
import type { Role } from '../../../common/constants';
import type { Language } from '../../../common/languages';
import { api, ApiError } from '../lib/api';

/** Query keys of client user and business records (profiles, settings, the signed-in account). */
export const userKeys = {
  all: ['users'] as const,
  detail: (userId: string) => ['users', 'detail', userId] as const,
};
export const businessKeys = {
  all: ['businesses'] as const,
  detail: (businessId: string) => ['businesses', 'detail', businessId] as const,
};

export interface Account {
  /** The record's _id: used in /clientprofile/{id}, /businessprofile/{id}, /settings/{id}/... */
  id: string;
  role: Role;
  /** username for clients, businessName for businesses */
  name: string;
  email: string;
  profilePicture?: string;
  location?: string;
  record: ClientUser | Business;
}

export type PendingRegistration =
  { role: 'client'; username: string } | { role: 'business'; businessName: string; location: string };

const pendingKey = (email: string) => `pendingRegistration:${email.trim().toLowerCase()}`;

export function savePendingRegistration(email: string, details: PendingRegistration): void {
  try {
    localStorage.setItem(pendingKey(email), JSON.stringify(details));
  } catch {
    /* storage disabled */
  }
}

function readPendingRegistration(email: string): PendingRegistration | null {
  try {
    const raw = localStorage.getItem(pendingKey(email));
    return raw ? (JSON.parse(raw) as PendingRegistration) : null;
  } catch {
    return null;
  }
}

function clearPendingRegistration(email: string): void {
  try {
    localStorage.removeItem(pendingKey(email));
  } catch {
    /* ignore */
  }
}

function toAccount(role: Role, record: ClientUser | Business): Account {
  const name = role === 'business' ? (record as Business).businessName : (record as ClientUser).username;
  return {
    id: record._id,
    role,
    // The caller's own record always carries its email (the API leaves it out only for other viewers).
    name: name || record.email || '',
    email: record.email ?? '',
    profilePicture: record.profilePicture || undefined,
    location: record.location || undefined,
    record,
  };
}

/** The caller's own record, or null before the first sign-in created it. */
const ownRecord = async () => (await api.get<OwnAccount>('/account')).profile;

async function createRecord(role: Role, sub: string, email: string, language: Language): Promise<void> {
  const pending = readPendingRegistration(email);
  // Without saved details (e.g. signed up in another browser) fall back to the email's name part;
  // the user can change it in Settings.
  const fallbackName = email.split('@')[0] || email;
  try {
    if (role === 'business') {
      const details = pending?.role === 'business' ? pending : undefined;
      await api.post('/business', {
        email,
        cognitoId: sub,
        businessName: details?.businessName || fallbackName,
        location: details?.location || 'Tirana',
        language,
      });
    } else {
      const details = pending?.role === 'client' ? pending : undefined;
      await api.post('/user', { email, cognitoId: sub, username: details?.username || fallbackName, language });
    }
  } catch (err) {
    // 409: another tab created it meanwhile.
    if (!(err instanceof ApiError && err.status === 409)) throw err;
  }
  clearPendingRegistration(email);
}

const inFlight = new Map<string, Promise<Account>>();

/**
 * Loads the caller's record, creating it on first login (in `language`, the one the visitor reads the
 * site in). Concurrent calls for one sub share a request.
 */
export function ensureAccount(role: Role, sub: string, email: string | null, language: Language): Promise<Account> {
  const key = `${role}:${sub}`;
  let running = inFlight.get(key);
  if (!running) {
    running = (async () => {
      const found = await ownRecord();
      if (found) return toAccount(role, found);
      if (!email) throw new ApiError(404, 'No profile yet', undefined, 'NOT_FOUND');
      await createRecord(role, sub, email, language);
      const created = await ownRecord();
      if (!created) throw new ApiError(404, 'The new profile was not found', undefined, 'NOT_FOUND');
      return toAccount(role, created);
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

/** The language the account chose, if it saved one. */
export const accountLanguage = (account: Account | null): Language | undefined => account?.record.language;

/** Saves the language the user chose on their record (PUT /user/{id} or /business/{id}); answers the new account. */
export async function saveAccountLanguage(account: Account, language: Language): Promise<Account> {
  const path = account.role === 'business' ? `/business/${account.id}` : `/user/${account.id}`;
  const record = await api.put<ClientUser | Business>(path, { language });
  return toAccount(account.role, record);
}

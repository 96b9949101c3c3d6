/**
 * GET /account: the caller's own client or business record (the one of their token's role, as
 * GET /user/cognito/{sub} and /business/cognito/{sub} answer it to its owner), or `profile: null` while
 * none exists yet: a new account's first lookup, which the web app answers by creating the record.
 * Nobody else's record can be asked for: the caller is the token's subject.
 */
import { defineHandler } from '../api/http';
import { getAccount } from '../data/accounts';
import { getBusinessById, getUserById } from '../data/users';
import { toBusinessDto, toUserDto } from '../domain/profiles';
import type { OwnAccount } from '../../common/types';

export const handler = defineHandler('getOwnAccount', {
  run: async ({ caller }): Promise<OwnAccount> => {
    const account = await getAccount(caller.sub);
    if (!account || account.role !== caller.role) return { profile: null };
    if (account.role === 'business') {
      const business = await getBusinessById(account.id);
      return { profile: business ? toBusinessDto(business, caller) : null };
    }
    const user = await getUserById(account.id);
    return { profile: user ? toUserDto(user, caller) : null };
  },
});

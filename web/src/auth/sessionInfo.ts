/** Who a session is: read from the ID token's claims, the same way whether the token was stored or refreshed. */
import { MODERATOR_GROUP, OPERATOR_GROUP, claimHasGroup } from '../../../common/userGroups';
import type { Role } from '../../../common/constants';
import { roleFromNickname } from './roles';
import type { TokenClaims } from './storedToken';

export interface SessionInfo {
  sub: string;
  email: string | null;
  /** null when the token's `nickname` is neither client nor business. */
  role: Role | null;
  /** A member of the pool's moderator group (the ID token's `cognito:groups`). */
  moderator: boolean;
  /** A member of the pool's operator group: the marketplace's figures (/operator). */
  operator?: boolean;
}

/** The user an ID token's claims name, or null without a subject. */
export function sessionOfClaims(claims: TokenClaims): SessionInfo | null {
  if (typeof claims.sub !== 'string') return null;
  return {
    sub: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    role: roleFromNickname(claims.nickname),
    moderator: claimHasGroup(claims['cognito:groups'], MODERATOR_GROUP),
    operator: claimHasGroup(claims['cognito:groups'], OPERATOR_GROUP),
  };
}

/** The account type and the paths that depend on it. */
import { APP_PATHS } from '../../../common/appRoutes';
import type { Role } from '../../../common/constants';

/** The role from the ID token's `nickname` claim (case-insensitive); anything else is not a valid account type. */
export function roleFromNickname(nickname: unknown): Role | null {
  const value = typeof nickname === 'string' ? nickname.trim().toLowerCase() : '';
  return value === 'business' || value === 'client' ? value : null;
}

export const dashboardPath = (role: Role | null | undefined) =>
  role === 'business' ? APP_PATHS.businessDashboard : APP_PATHS.clientDashboard;

export const profilePath = (role: Role | null | undefined, accountId: string) =>
  role === 'business' ? `/businessprofile/${accountId}` : `/clientprofile/${accountId}`;

export const editProfilePath = (role: Role | null | undefined, accountId: string) =>
  `/settings/${accountId}/${role === 'business' ? 'business-profile' : 'client-profile'}`;

/** The moderators' pages (members of the moderator group, whatever their role). */
export const MODERATION_PATH = APP_PATHS.moderation.slice(0, -'/*'.length);

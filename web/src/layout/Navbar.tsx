/** Top bar for signed-in users: logo (to the dashboard), Home, Profile, Add Post (clients), Moderation (moderators), Figures (operators), notifications, chat, menu. */
import { APP_PATHS } from '../../../common/appRoutes';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { dashboardPath, MODERATION_PATH, profilePath } from '../auth/roles';
import { BRAND } from '../../../common/brand';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { useT } from '../i18n/useT';
import { BrandMark, ChatIcon, MenuIcon } from '../components/icons';
import { Avatar } from '../components/Avatar';
import type { ReactNode } from 'react';

/**
 * `chatBadge`: what the chat button shows beside its icon (the unread total, from the chat feature);
 * `bell`: the notifications bell with its unread count (from the notifications feature).
 */
export function Navbar({
  onOpenMenu,
  chatBadge,
  bell,
}: {
  onOpenMenu: () => void;
  chatBadge?: ReactNode;
  bell?: ReactNode;
}) {
  const t = useT();
  const { role, account, moderator, operator } = useAuth();
  const home = dashboardPath(role);
  return (
    <header className="navbar" data-testid="navbar">
      <div className="navbar-inner">
        <Link to={home} className="brand" aria-label={t('common.brand.home', { brand: BRAND.name })}>
          <BrandMark /> {BRAND.name}
        </Link>
        <nav className="navbar-links" aria-label={t('common.nav.main')}>
          <NavLink to={home}>{t('common.nav.home')}</NavLink>
          {account && <NavLink to={profilePath(role, account.id)}>{t('common.nav.profile')}</NavLink>}
          {role === 'client' && <NavLink to="/post/create">{t('common.nav.addPost')}</NavLink>}
          {role === 'client' && <NavLink to={APP_PATHS.boards}>{t('common.nav.ideas')}</NavLink>}
          {moderator && (
            <NavLink to={MODERATION_PATH} data-testid="nav-moderation">
              {t('common.nav.moderation')}
            </NavLink>
          )}
          {operator && (
            <NavLink to={APP_PATHS.operator} data-testid="nav-operator">
              {t('common.nav.operator')}
            </NavLink>
          )}
        </nav>
        <div className="navbar-actions">
          <LanguageSwitch className="navbar-language" />
          {account && bell}
          {account && (
            <Link
              to={`/chat/${account.id}`}
              className="icon-btn chat-unread-anchor"
              aria-label={t('common.nav.chat')}
              data-testid="nav-chat"
            >
              <ChatIcon />
              {chatBadge}
            </Link>
          )}
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.nav.openMenu')}
            data-testid="nav-menu"
            onClick={onOpenMenu}
            style={account ? { padding: 0, overflow: 'hidden' } : undefined}
          >
            {account ? <Avatar src={account.profilePicture} alt="" size="sm" /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}

/**
 * The menu drawer: picture, name and email; Home, Profile, Notifications, Moderation (moderators), Settings (Edit Profile, Change Password,
 * Help & Support), Transactions and Subscriptions (business), Log out, and '+ Add post' (clients).
 */
import { APP_PATHS } from '../../../common/appRoutes';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { dashboardPath, editProfilePath, MODERATION_PATH, profilePath } from '../auth/roles';
import { Avatar } from '../components/Avatar';
import { ChevronDownIcon, CloseIcon } from '../components/icons';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { useT } from '../i18n/useT';
import { NOTIFICATIONS_PAGE_PATH } from '../../../common/notifications';

export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { role, email, account, moderator, operator, signOut } = useAuth();
  const navigate = useNavigate();
  const [settingsOpen, setSettingsOpen] = useState(false);

  const ref = useRef<HTMLDialogElement>(null);

  // A native modal <dialog>: focus stays inside, Escape and a press on the backdrop close it, and
  // focus returns to the menu button.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    const onBackdrop = (e: MouseEvent) => {
      if (e.target === dialog) onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('mousedown', onBackdrop);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('mousedown', onBackdrop);
      if (dialog.open) dialog.close?.();
      opener?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  const id = account?.id;
  const logOut = async () => {
    onClose();
    try {
      await signOut();
    } catch {
      /* logged in signOut; local session is cleared anyway */
    }
    navigate('/login');
  };
  const item = (to: string, label: string) => (
    <Link to={to} className="sidebar-item" onClick={onClose}>
      {label}
    </Link>
  );

  return (
    <dialog ref={ref} className="sidebar" aria-label={t('common.menu.label')} data-testid="sidebar">
      <button type="button" className="icon-btn sidebar-close" aria-label={t('common.menu.close')} onClick={onClose}>
        <CloseIcon />
      </button>
      <div className="sidebar-profile">
        <Avatar src={account?.profilePicture} alt={account?.name ?? t('common.profilePicture')} size="lg" />
        <div className="sidebar-name" data-testid="sidebar-name">
          {account?.name ?? ''}
        </div>
        <div className="sidebar-email">{account?.email ?? email ?? ''}</div>
      </div>
      <nav className="sidebar-nav" aria-label={t('common.menu.label')}>
        {item(dashboardPath(role), t('common.nav.home'))}
        {id && item(profilePath(role, id), t('common.nav.profile'))}
        {item(NOTIFICATIONS_PAGE_PATH, t('common.menu.notifications'))}
        {role === 'client' && item(APP_PATHS.boards, t('common.nav.ideas'))}
        {moderator && item(MODERATION_PATH, t('common.nav.moderation'))}
        {operator && item(APP_PATHS.operator, t('common.nav.operator'))}
        {id && (
          <>
            <button
              type="button"
              className="sidebar-item"
              aria-expanded={settingsOpen}
              onClick={() => setSettingsOpen((o) => !o)}
            >
              {t('common.menu.settings')}{' '}
              <ChevronDownIcon style={{ transform: settingsOpen ? 'rotate(180deg)' : undefined }} />
            </button>
            {settingsOpen && (
              <div className="sidebar-sub">
                {item(editProfilePath(role, id), t('common.menu.editProfile'))}
                {item(`/settings/${id}/change-password`, t('common.menu.changePassword'))}
                {item(`/settings/${id}/help-support`, t('common.menu.helpSupport'))}
              </div>
            )}
          </>
        )}
        {role === 'business' && id && item(`/settings/${id}/transactions`, t('common.menu.transactions'))}
        {role === 'business' && item('/subscriptions', t('common.menu.subscriptions'))}
      </nav>
      <div className="sidebar-footer">
        <LanguageSwitch className="sidebar-language" />
        {role === 'client' && (
          <Link to="/post/create" className="btn btn-primary btn-block" onClick={onClose}>
            {t('common.menu.addPost')}
          </Link>
        )}
        <button type="button" className="btn btn-secondary btn-block" onClick={logOut}>
          {t('common.menu.logOut')}
        </button>
      </div>
    </dialog>
  );
}

/**
 * The menu drawer: picture, name and email; Home, Profile, Settings (Edit Profile, Change Password,
 * Help & Support), Transactions and Subscriptions (business), Log out, and '+ Add post' (clients).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { dashboardPath, editProfilePath, profilePath } from '../auth/roles';
import { Avatar } from '../components/Avatar';
import { ChevronDownIcon, CloseIcon } from '../components/icons';

export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { role, email, account, signOut } = useAuth();
  const navigate = useNavigate();
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose(); };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  const id = account?.id;
  const logOut = async () => {
    onClose();
    try { await signOut(); } catch { /* logged in signOut; local session is cleared anyway */ }
    navigate('/login');
  };
  const item = (to: string, label: string) => (
    <Link to={to} className="sidebar-item" onClick={onClose}>{label}</Link>
  );

  return (
    <>
      <div className="sidebar-overlay" onClick={onClose} />
      <aside className="sidebar" role="dialog" aria-modal="true" aria-label="Menu" data-testid="sidebar">
        <button type="button" className="icon-btn sidebar-close" aria-label="Close menu" onClick={onClose}><CloseIcon /></button>
        <div className="sidebar-profile">
          <Avatar src={account?.profilePicture} alt={account?.name ?? 'Profile picture'} size="lg" />
          <div className="sidebar-name" data-testid="sidebar-name">{account?.name ?? ''}</div>
          <div className="sidebar-email">{account?.email ?? email ?? ''}</div>
        </div>
        <nav className="sidebar-nav" aria-label="Menu">
          {item(dashboardPath(role), 'Home')}
          {id && item(profilePath(role, id), 'Profile')}
          {id && (
            <>
              <button type="button" className="sidebar-item" aria-expanded={settingsOpen} onClick={() => setSettingsOpen((o) => !o)}>
                Settings <ChevronDownIcon style={{ transform: settingsOpen ? 'rotate(180deg)' : undefined }} />
              </button>
              {settingsOpen && (
                <div className="sidebar-sub">
                  {item(editProfilePath(role, id), 'Edit Profile')}
                  {item(`/settings/${id}/change-password`, 'Change Password')}
                  {item(`/settings/${id}/help-support`, 'Help & Support')}
                </div>
              )}
            </>
          )}
          {role === 'business' && id && item(`/settings/${id}/transactions`, 'Transactions')}
          {role === 'business' && item('/subscriptions', 'Subscriptions')}
        </nav>
        <div className="sidebar-footer">
          {role === 'client' && (
            <Link to="/post/create" className="btn btn-primary btn-block" onClick={onClose}>+ Add post</Link>
          )}
          <button type="button" className="btn btn-secondary btn-block" onClick={logOut}>Log out</button>
        </div>
      </aside>
    </>
  );
}

/** Top bar for signed-in users: logo (to the dashboard), Home, Profile, Add Post (clients), chat, menu. */
import { Link, NavLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { dashboardPath, profilePath } from '../auth/roles';
import { BRAND } from '../lib/brand';
import { BrandMark, ChatIcon, MenuIcon } from '../components/icons';
import { Avatar } from '../components/Avatar';
import type { ReactNode } from 'react';

/** `chatBadge`: what the chat button shows beside its icon (the unread total, from the chat feature). */
export function Navbar({ onOpenMenu, chatBadge }: { onOpenMenu: () => void; chatBadge?: ReactNode }) {
  const { role, account } = useAuth();
  const home = dashboardPath(role);
  return (
    <header className="navbar" data-testid="navbar">
      <div className="navbar-inner">
        <Link to={home} className="brand" aria-label={`${BRAND.name} home`}>
          <BrandMark /> {BRAND.name}
        </Link>
        <nav className="navbar-links" aria-label="Main">
          <NavLink to={home}>Home</NavLink>
          {account && <NavLink to={profilePath(role, account.id)}>Profile</NavLink>}
          {role === 'client' && <NavLink to="/post/create">Add Post</NavLink>}
        </nav>
        <div className="navbar-actions">
          {account && (
            <Link
              to={`/chat/${account.id}`}
              className="icon-btn chat-unread-anchor"
              aria-label="Chat"
              data-testid="nav-chat"
            >
              <ChatIcon />
              {chatBadge}
            </Link>
          )}
          <button
            type="button"
            className="icon-btn"
            aria-label="Open menu"
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

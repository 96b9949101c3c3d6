/**
 * Every page but the landing and sign-in (which bring their own header and read no API data): the data
 * layer (TanStack Query, the app's one query client) and, for a signed-in user, the navbar (with the
 * notifications bell and the unread chat count) and the menu drawer. Loaded lazily by RootLayout, so a
 * visitor of the landing or sign-in page does not download them.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { ChatUnreadBadge } from '../features/chat/UnreadBadge';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { Navbar } from '../layout/Navbar';
import { NavbarSpace } from '../layout/NavbarSpace';
import { Sidebar } from '../layout/Sidebar';
import { registerCachedAnswers } from '../lib/cachedAnswers';
import { createQueryClient } from '../lib/queryClient';

const queryClient = createQueryClient();
// Kept for the whole visit (across the landing too): signing out forgets every answer.
registerCachedAnswers(queryClient);

export default function DataPages({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // A new page closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const signedIn = status === 'signedIn';
  return (
    <QueryClientProvider client={queryClient}>
      {status === 'loading' && <NavbarSpace />}
      {signedIn && (
        <Navbar
          onOpenMenu={() => setMenuOpen(true)}
          chatBadge={<ChatUnreadBadge enabled />}
          bell={<NotificationBell />}
        />
      )}
      {signedIn && <Sidebar open={menuOpen} onClose={closeMenu} />}
      {children}
    </QueryClientProvider>
  );
}

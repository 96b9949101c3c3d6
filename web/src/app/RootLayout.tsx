/**
 * The frame around every route: navbar and menu drawer for signed-in users, the page (lazy, with a
 * spinner while its code loads) and the footer. The landing page and the login screen bring their own
 * header.
 */
import { Suspense, useCallback, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { Navbar } from '../layout/Navbar';
import { ChatUnreadBadge } from '../features/chat/UnreadBadge';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { Sidebar } from '../layout/Sidebar';
import { Footer } from '../layout/Footer';
import { PageLoading } from '../components/Spinner';
import { BRAND } from '../lib/brand';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { ScrollMemory } from './ScrollMemory';

const OWN_HEADER = new Set(['/', '/login']);

export function RootLayout() {
  const { status } = useAuth();
  const { pathname, key } = useLocation();
  // Every navigation starts from the brand as the title; a page with its own (usePageTitle) sets it after.
  useLayoutEffect(() => {
    document.title = BRAND.name;
  }, [key]);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // A new page closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const showNavbar = status === 'signedIn' && !OWN_HEADER.has(pathname);
  return (
    <>
      {showNavbar && (
        <Navbar
          onOpenMenu={() => setMenuOpen(true)}
          chatBadge={<ChatUnreadBadge enabled />}
          bell={<NotificationBell />}
        />
      )}
      {showNavbar && <Sidebar open={menuOpen} onClose={closeMenu} />}
      <main className="app-main" id="main">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <ScrollMemory />
    </>
  );
}

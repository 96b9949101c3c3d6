/**
 * The frame around every route: the page (lazy, with a spinner while its code loads, its failure shown
 * in its place) and the footer. The app's entry (/, /app) and the login screen bring their own header and read no
 * API data; every other page comes inside DataPages (the data layer, and the navbar and menu drawer for
 * signed-in users), downloaded with the first such page.
 */
import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { Footer } from '../layout/Footer';
import { NavbarSpace } from '../layout/NavbarSpace';
import { PageLoading } from '../components/Spinner';
import { BRAND } from '../../../common/brand';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { isPaymentResultPath } from '../../../common/payments';
import { useT } from '../i18n/useT';
import { ScrollMemory } from './ScrollMemory';
import { PwaBanners } from '../pwa/PwaBanners';
import { lazyWithTexts } from '../i18n/lazyWithTexts';

const DataPages = lazy(() => import('./DataPages'));
const ClosingAccountPage = lazyWithTexts(() => import('../features/privacy/ClosingAccountPage'), ['privacy']);

/** Pages with their own header and no API data (scripts/web-sizes.ts reads this list too). */
export const OWN_HEADER = new Set(['/', '/app', '/login']);

export function RootLayout() {
  const t = useT();
  const { status, closing } = useAuth();
  const { pathname, key } = useLocation();
  // Back from the checkout: the wait says, from its first moment, that the payment is being confirmed.
  const waitingFor = isPaymentResultPath(pathname) ? t('common.paymentConfirming') : undefined;
  // Every navigation starts from the brand as the title; a page with its own (usePageTitle) sets it after.
  useLayoutEffect(() => {
    document.title = BRAND.name;
  }, [key]);

  const page = (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading text={waitingFor} />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
  const main = (content: ReactNode) => (
    <main className="app-main" id="main">
      <PwaBanners />
      {content}
    </main>
  );
  // A closed account signed in again sees only where it stands (no data page answers it).
  const closedPage = (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <ClosingAccountPage />
      </Suspense>
    </RouteErrorBoundary>
  );
  return (
    <>
      {closing ? (
        main(closedPage)
      ) : OWN_HEADER.has(pathname) ? (
        main(page)
      ) : (
        <Suspense
          fallback={
            <>
              {status !== 'signedOut' && <NavbarSpace />}
              {main(<PageLoading text={waitingFor} />)}
            </>
          }
        >
          <DataPages>{main(page)}</DataPages>
        </Suspense>
      )}
      <Footer />
      <ScrollMemory />
    </>
  );
}

/**
 * Every route of the spec (section 2), with role guards and lazy-loaded pages. The paths are common/appRoutes.ts
 * APP_PATHS, the list the CDN also answers with the app (every other path is a public page, a file or a 404).
 *
 * Settings: /settings/:id/* is one route here, rendering features/settings/SettingsPage.tsx, which
 * renders its nested pages itself with a relative <Routes> (client-profile, business-profile,
 * change-password, transactions, help-support) and redirects the bare /settings/:id to its first page.
 *
 * Route params: /clientprofile/:id, /businessprofile/:id and /settings/:id take the account record's
 * _id (useAuth().account.id for the signed-in user); /post/:postId and /post/view/:id the post _id;
 * the navbar's chat button opens /chat/{account.id}.
 *
 * Guards: RequireRole renders nothing while the session loads (the payment's result page says it is confirming the
 * payment), sends signed-out visitors to /login (which returns to the origin after login) and the wrong role to
 * /unauthorized.
 */
import type { ReactNode } from 'react';
import { APP_PATHS } from '../../../common/appRoutes';
import { useRoutes, type RouteObject } from 'react-router';
import type { Role } from '../../../common/constants';
import { RequireRole } from '../auth/RequireRole';
import { lazyWithTexts } from '../i18n/lazyWithTexts';
import { PageLoading } from '../components/Spinner';
import { useT } from '../i18n/useT';
import { RootLayout } from './RootLayout';
import AppHome from './AppHome';
import type { ModerationTab } from '../features/moderation/tabs';

// Public screens, dashboards and post lists
const LoginPage = lazyWithTexts(() => import('../features/login/LoginPage'), ['privacy', 'auth']);
const UnauthorizedPage = lazyWithTexts(() => import('../features/misc/UnauthorizedPage'), []);
const NotFoundPage = lazyWithTexts(() => import('../features/misc/NotFoundPage'), []);
const InstallIosPage = lazyWithTexts(() => import('../features/misc/InstallIosPage'), []);
const ClientDashboardPage = lazyWithTexts(
  () => import('../features/dashboard/ClientDashboardPage'),
  ['services', 'posts', 'dashboard', 'ads', 'trust', 'verification'],
);
const BusinessDashboardPage = lazyWithTexts(
  () => import('../features/dashboard/BusinessDashboardPage'),
  ['services', 'posts', 'dashboard', 'ads', 'trust', 'verification'],
);
const AddPostPage = lazyWithTexts(
  () => import('../features/posts/AddPostPage'),
  ['services', 'posts', 'priceGuide', 'ideas'],
);
const AvailablePostsPage = lazyWithTexts(() => import('../features/posts/AvailablePostsPage'), ['services', 'posts']);
const FilteredPostsPage = lazyWithTexts(() => import('../features/posts/FilteredPostsPage'), ['services', 'posts']);
const SponsoredPostsPage = lazyWithTexts(
  () => import('../features/ads/SponsoredPostsPage'),
  ['ads', 'trust', 'verification'],
);

// Posts, profiles, settings, ads, plans and chat (each file default-exports its page)
const PostDetailPage = lazyWithTexts(
  () => import('../features/post-detail/PostDetailPage'),
  [
    'services',
    'posts',
    'trust',
    'postDetail',
    'postView',
    'negotiation',
    'priceGuide',
    'subscriptions',
    'reports',
    'ideas',
  ],
);
const PostViewPage = lazyWithTexts(
  () => import('../features/post-view/PostViewPage'),
  ['services', 'posts', 'trust', 'verification', 'postView', 'negotiation', 'reports', 'ideas'],
);
const ClientProfilePage = lazyWithTexts(
  () => import('../features/profiles/ClientProfilePage'),
  ['services', 'profiles'],
);
const BusinessProfilePage = lazyWithTexts(
  () => import('../features/profiles/BusinessProfilePage'),
  ['services', 'ads', 'trust', 'verification', 'negotiation', 'profiles', 'reports', 'ideas'],
);
const SettingsPage = lazyWithTexts(
  () => import('../features/settings/SettingsPage'),
  ['services', 'ads', 'verification', 'settings', 'subscriptions', 'payments', 'notifications', 'privacy'],
);
const CreateAdPage = lazyWithTexts(
  () => import('../features/ads/CreateAdPage'),
  ['services', 'ads', 'trust', 'verification', 'settings', 'subscriptions', 'payments'],
);
const AdRunPage = lazyWithTexts(
  () => import('../features/ads/AdRunPage'),
  ['services', 'ads', 'trust', 'verification'],
);
const SubscriptionsPage = lazyWithTexts(
  () => import('../features/subscriptions/SubscriptionsPage'),
  ['services', 'ads', 'settings', 'subscriptions', 'payments'],
);
const PayPage = lazyWithTexts(() => import('../features/payments/PayPage'), ['payments']);
const PaymentResultPage = lazyWithTexts(
  () => import('../features/payments/PaymentResultPage'),
  ['services', 'ads', 'settings', 'payments'],
);
const ChatPage = lazyWithTexts(() => import('../features/chat/ChatPage'), ['chat', 'reports']);
const NotificationsPage = lazyWithTexts(
  () => import('../features/notifications/NotificationsPage'),
  ['services', 'notifications'],
);
const ModerationPage = lazyWithTexts(
  () => import('../features/moderation/ModerationPage'),
  ['services', 'ads', 'settings', 'payments', 'moderation', 'reports'],
);
// Ideas: a client's boards ("My ideas"), one board (its owner's, or shared by link), one idea in the app.
const BoardsPage = lazyWithTexts(() => import('../features/boards/BoardsPage'), ['ideas']);
const BoardPage = lazyWithTexts(() => import('../features/boards/BoardPage'), ['ideas']);
const IdeaPage = lazyWithTexts(
  () => import('../features/boards/IdeaPage'),
  ['ideas', 'trust', 'verification', 'reports'],
);
const OperatorPage = lazyWithTexts(
  () => import('../features/operator/OperatorPage'),
  ['services', 'payments', 'operator'],
);

// Screens of one feature shown inside another's page: the app composes them (a feature never imports another).
// Each loads when its section is opened.
const NotificationSettings = lazyWithTexts(
  () => import('../features/notifications').then((m) => ({ default: m.NotificationSettings })),
  ['notifications'],
);
const VerificationSettings = lazyWithTexts(
  () => import('../features/verification').then((m) => ({ default: m.VerificationSettings })),
  ['verification'],
);
const PrivacySettings = lazyWithTexts(
  () => import('../features/privacy').then((m) => ({ default: m.PrivacySettings })),
  ['privacy'],
);
const PlanBilling = lazyWithTexts(
  () => import('../features/subscriptions').then((m) => ({ default: m.PlanBilling })),
  ['services', 'subscriptions'],
);
const Statistics = lazyWithTexts(
  () => import('../features/subscriptions').then((m) => ({ default: m.Statistics })),
  ['services', 'subscriptions'],
);
const VerificationQueue = lazyWithTexts(
  () => import('../features/verification').then((m) => ({ default: m.VerificationQueue })),
  ['verification'],
);
const MODERATION_QUEUES: readonly ModerationTab[] = [
  { path: 'verifications', label: 'moderation.tab.verifications', element: <VerificationQueue /> },
];

const CLIENT: readonly Role[] = ['client'];
const BUSINESS: readonly Role[] = ['business'];
const ANY_ROLE: readonly Role[] = ['client', 'business'];

const guard = (roles: readonly Role[], page: ReactNode, pending?: ReactNode) => (
  <RequireRole roles={roles} pending={pending}>
    {page}
  </RequireRole>
);

/** Back from the checkout, while the session loads: that the payment is being confirmed, not a blank page. */
function PaymentWait() {
  const t = useT();
  return <PageLoading text={t('common.paymentConfirming')} />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // The landing is a public page rendered on the server; the app's own entry decides where a visitor goes.
      { path: '/', element: <AppHome /> },
      { path: APP_PATHS.home, element: <AppHome /> },
      { path: APP_PATHS.login, element: <LoginPage /> },
      { path: APP_PATHS.unauthorized, element: <UnauthorizedPage /> },
      { path: APP_PATHS.installIos, element: <InstallIosPage /> },

      { path: APP_PATHS.clientDashboard, element: guard(CLIENT, <ClientDashboardPage />) },
      { path: APP_PATHS.businessDashboard, element: guard(BUSINESS, <BusinessDashboardPage />) },
      { path: APP_PATHS.createPost, element: guard(CLIENT, <AddPostPage />) },
      { path: APP_PATHS.createAd, element: guard(BUSINESS, <CreateAdPage />) },
      { path: APP_PATHS.adRun, element: guard(BUSINESS, <AdRunPage />) },
      { path: APP_PATHS.subscriptions, element: guard(BUSINESS, <SubscriptionsPage />) },
      { path: APP_PATHS.pay, element: guard(BUSINESS, <PayPage />) },
      { path: APP_PATHS.paymentResult, element: guard(BUSINESS, <PaymentResultPage />, <PaymentWait />) },

      { path: APP_PATHS.clientProfile, element: guard(ANY_ROLE, <ClientProfilePage />) },
      { path: APP_PATHS.businessProfile, element: guard(ANY_ROLE, <BusinessProfilePage />) },
      // Any signed-in user may open a post's owner view; the page shows the owner's actions only to the owner.
      { path: APP_PATHS.postView, element: guard(ANY_ROLE, <PostViewPage />) },
      { path: APP_PATHS.postDetail, element: guard(ANY_ROLE, <PostDetailPage />) },
      { path: APP_PATHS.availablePosts, element: guard(ANY_ROLE, <AvailablePostsPage />) },
      { path: APP_PATHS.sponsoredPosts, element: guard(ANY_ROLE, <SponsoredPostsPage />) },
      { path: APP_PATHS.filteredPosts, element: guard(ANY_ROLE, <FilteredPostsPage />) },
      // The spec's /chat/{id}; a bare /chat (typed, or an old link) opens the same list with no room chosen.
      { path: APP_PATHS.chatList, element: guard(ANY_ROLE, <ChatPage />) },
      { path: APP_PATHS.chatRoom, element: guard(ANY_ROLE, <ChatPage />) },
      { path: APP_PATHS.notifications, element: guard(ANY_ROLE, <NotificationsPage />) },
      { path: APP_PATHS.boards, element: guard(CLIENT, <BoardsPage />) },
      // A board shared by link opens for anyone signed in (read only); an idea too (only clients save it).
      { path: APP_PATHS.board, element: guard(ANY_ROLE, <BoardPage />) },
      { path: APP_PATHS.idea, element: guard(ANY_ROLE, <IdeaPage />) },
      {
        path: APP_PATHS.settings,
        element: guard(
          ANY_ROLE,
          <SettingsPage
            NotificationSettings={NotificationSettings}
            VerificationSettings={VerificationSettings}
            PrivacySettings={PrivacySettings}
            PlanBilling={PlanBilling}
            Statistics={Statistics}
          />,
        ),
      },
      // Moderators only (the pool's moderator group, whatever their role): the sections route inside the page.
      {
        path: APP_PATHS.moderation,
        element: (
          <RequireRole roles={['client', 'business']} moderator>
            <ModerationPage queues={MODERATION_QUEUES} />
          </RequireRole>
        ),
      },
      // The marketplace's operators only (the pool's operator group, whatever their role).
      {
        path: APP_PATHS.operator,
        element: (
          <RequireRole roles={['client', 'business']} operator>
            <OperatorPage />
          </RequireRole>
        ),
      },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The page of the current address (declarative routing: no loaders or actions, so no data router is downloaded). */
export function AppRoutes() {
  return useRoutes(routes);
}

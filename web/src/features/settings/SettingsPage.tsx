/**
 * Settings (/settings/{id}/*): a side menu and the nested pages client-profile, business-profile,
 * change-password, notifications, plan (Plan and billing), statistics, transactions and verification (business),
 * privacy and help-support. The router hands this page the whole /settings/{id}/* subtree; the nested routes are
 * declared here. Notifications, Plan and billing, Statistics, Verification and Privacy are screens of their own
 * features, handed in by the app (app/router.tsx): a feature never imports another.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import type { Role } from '../../../../common/constants';
import { useAuth } from '../../auth/AuthProvider';
import { PageLoading } from '../../components/Spinner';
import { useT } from '../../i18n/useT';
import { BusinessProfileEdit, ClientProfileEdit } from './ProfileEdit';
import './settings.css';

// The profile (where /settings/{id} opens) comes with the page; every other section loads when opened,
// so opening Settings does not download the password change's sign-in library or the transactions list.
const ChangePassword = lazy(() => import('./ChangePassword').then((m) => ({ default: m.ChangePassword })));
const Transactions = lazy(() => import('./Transactions').then((m) => ({ default: m.Transactions })));
const HelpSupport = lazy(() => import('./HelpSupport').then((m) => ({ default: m.HelpSupport })));

/** The sections of Settings other features own (the app hands them in, each loading when opened). */
export interface SettingsPageProps {
  /** Settings > Notifications (features/notifications). */
  NotificationSettings: ComponentType<{ role: Role }>;
  /** Settings > Verification, businesses only (features/verification). */
  VerificationSettings: ComponentType;
  /** Settings > Plan and billing, businesses only (features/subscriptions). */
  PlanBilling: ComponentType;
  /** Settings > Statistics, businesses only (features/subscriptions). */
  Statistics: ComponentType;
  /** Settings > Privacy, both roles (features/privacy). */
  PrivacySettings: ComponentType;
}

export default function SettingsPage({
  NotificationSettings,
  VerificationSettings,
  PlanBilling,
  Statistics,
  PrivacySettings,
}: SettingsPageProps) {
  const t = useT();
  const { id = '' } = useParams();
  const me = useAuth();
  const isBusiness = me.role === 'business';
  const profileSlug = isBusiness ? 'business-profile' : 'client-profile';

  const items = [
    { to: profileSlug, label: t('settings.menu.profile') },
    { to: 'change-password', label: t('settings.menu.password') },
    { to: 'notifications', label: t('notifications.settings.title') },
    ...(isBusiness ? [{ to: 'plan', label: t('subscriptions.billing.title') }] : []),
    ...(isBusiness ? [{ to: 'statistics', label: t('subscriptions.stats.title') }] : []),
    ...(isBusiness ? [{ to: 'transactions', label: t('settings.menu.transactions') }] : []),
    ...(isBusiness ? [{ to: 'verification', label: t('verification.settings.menu') }] : []),
    { to: 'privacy', label: t('privacy.menu') },
    { to: 'help-support', label: t('settings.menu.help') },
  ];

  return (
    <div className="st-page">
      <nav className="st-menu" aria-label={t('settings.title')}>
        <h1 className="st-menu-title">{t('settings.title')}</h1>
        {items.map((item) => (
          <NavLink
            key={item.to}
            to={`/settings/${id}/${item.to}`}
            className={({ isActive }) => (isActive ? 'st-menu-item active' : 'st-menu-item')}
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <section className="st-content">
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route index element={me.role ? <Navigate to={`/settings/${id}/${profileSlug}`} replace /> : null} />
            <Route
              path="client-profile"
              element={
                me.role === 'business' ? (
                  <Navigate to={`/settings/${id}/business-profile`} replace />
                ) : (
                  <ClientProfileEdit id={id} />
                )
              }
            />
            <Route
              path="business-profile"
              element={
                me.role === 'client' ? (
                  <Navigate to={`/settings/${id}/client-profile`} replace />
                ) : (
                  <BusinessProfileEdit id={id} />
                )
              }
            />
            <Route path="change-password" element={<ChangePassword />} />
            <Route
              path="transactions"
              element={
                me.role === 'client' ? (
                  <p className="muted">{t('settings.transactions.businessOnly')}</p>
                ) : (
                  <Transactions />
                )
              }
            />
            <Route
              path="plan"
              element={isBusiness ? <PlanBilling /> : <Navigate to={`/settings/${id}/${profileSlug}`} replace />}
            />
            <Route
              path="statistics"
              element={isBusiness ? <Statistics /> : <Navigate to={`/settings/${id}/${profileSlug}`} replace />}
            />
            <Route
              path="notifications"
              element={me.role ? <NotificationSettings key={me.role} role={me.role} /> : null}
            />
            <Route
              path="verification"
              element={
                isBusiness ? <VerificationSettings /> : <Navigate to={`/settings/${id}/${profileSlug}`} replace />
              }
            />
            <Route path="privacy" element={<PrivacySettings />} />
            <Route path="help-support" element={<HelpSupport />} />
            <Route path="*" element={<Navigate to={`/settings/${id}/${profileSlug}`} replace />} />
          </Routes>
        </Suspense>
      </section>
    </div>
  );
}

/**
 * /moderation/* (moderators only): a tab bar built from the sections of ./tabs.tsx and the chosen section; the bare
 * /moderation opens the first. The router hands this page the whole subtree and the queues of other features
 * (`queues`: the verification queue); the sections' routes are here.
 */
import { Suspense, useMemo } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { PageLoading } from '../../components/Spinner';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { moderationTabs, type ModerationTab } from './tabs';
import './moderation.css';

import { MODERATION_PATH } from '../../auth/roles';

export default function ModerationPage({ queues = [] }: { queues?: readonly ModerationTab[] }) {
  const t = useT();
  usePageTitle('moderation.title');
  const tabs = useMemo(() => moderationTabs(queues), [queues]);
  return (
    <div className="page mod-page">
      <h1>{t('moderation.title')}</h1>
      <nav className="mod-tabs" aria-label={t('moderation.sections')}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.path}
            to={`${MODERATION_PATH}/${tab.path}`}
            className={({ isActive }) => (isActive ? 'mod-tab mod-tab--active' : 'mod-tab')}
            data-testid={`moderation-tab-${tab.path}`}
          >
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route index element={<Navigate to={`${MODERATION_PATH}/${tabs[0].path}`} replace />} />
          {tabs.map((tab) => (
            <Route key={tab.path} path={tab.path} element={tab.element} />
          ))}
          <Route path="*" element={<Navigate to={MODERATION_PATH} replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}

/**
 * /moderation/* (moderators only): a tab bar built from MODERATION_TABS and the chosen section; the bare
 * /moderation opens the first. The router hands this page the whole subtree; the sections' routes are here.
 * A further section (e.g. another feature's queue) is one more entry of MODERATION_TABS (./tabs.tsx).
 */
import { Suspense } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { PageLoading } from '../../components/Spinner';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { MODERATION_TABS } from './tabs';
import './moderation.css';

import { MODERATION_PATH } from '../../auth/roles';

export default function ModerationPage() {
  const t = useT();
  usePageTitle('moderation.title');
  return (
    <div className="page mod-page">
      <h1>{t('moderation.title')}</h1>
      <nav className="mod-tabs" aria-label={t('moderation.sections')}>
        {MODERATION_TABS.map((tab) => (
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
          <Route index element={<Navigate to={`${MODERATION_PATH}/${MODERATION_TABS[0].path}`} replace />} />
          {MODERATION_TABS.map((tab) => (
            <Route key={tab.path} path={tab.path} element={tab.element} />
          ))}
          <Route path="*" element={<Navigate to={MODERATION_PATH} replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}

/**
 * Landing page (/): hero with the slogan, a Login link (only when no ID token is stored), About us, and
 * the Services carousel (3 cards at a time, previous/next wrap around).
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SERVICE_NAMES, serviceId } from '../../../../common/constants';
import { useAuth } from '../../auth/AuthProvider';
import { dashboardPath } from '../../auth/roles';
import { hasStoredIdToken } from '../../auth/storedToken';
import { BRAND } from '../../lib/brand';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import type { MessageId } from '../../i18n/catalog/en';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { BrandMark, ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import './landing.css';

/** Simple line drawings (no emoji: not every system has an emoji font). */
const icon = (body: ReactNode) => (
  <svg
    viewBox="0 0 64 64"
    fill="none"
    stroke="currentColor"
    strokeWidth="3"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {body}
  </svg>
);

const SERVICE_DETAILS: Record<(typeof SERVICE_NAMES)[number], { icon: ReactNode; tone: string }> = {
  'Interior Design': {
    icon: icon(
      <>
        <rect x="10" y="30" width="44" height="14" rx="4" />
        <path d="M6 34v14h52V34M12 48v5M52 48v5M18 30v-8h28v8" />
      </>,
    ),
    tone: '#f6e4d8',
  },
  Decor: {
    icon: icon(
      <>
        <path d="M22 40h20l-3 16H25z" />
        <path d="M32 40V22M32 30c-8 0-12-6-12-12 7 0 12 5 12 12zM32 26c6 0 10-5 10-10-6 0-10 4-10 10z" />
      </>,
    ),
    tone: '#e3ebe1',
  },
  Furniture: {
    icon: icon(
      <>
        <path d="M20 8h24v26H20zM16 34h32v8H16zM20 42v14M44 42v14" />
      </>,
    ),
    tone: '#efe3d3',
  },
  Outdoor: {
    icon: icon(
      <>
        <path d="M32 56V34M32 8l14 18H18zM32 18l12 16H20z" />
        <path d="M12 56h40" />
      </>,
    ),
    tone: '#dfeadf',
  },
  Dural: {
    icon: icon(
      <>
        <path d="M8 12h48v40H8zM8 25h48M8 39h48M24 12v13M40 25v14M24 39v13" />
      </>,
    ),
    tone: '#ece7e1',
  },
  Flooring: {
    icon: icon(
      <>
        <path d="M8 40l24-12 24 12-24 12z" />
        <path d="M20 34l24 12M26 31l24 12M14 37l24 12" />
      </>,
    ),
    tone: '#f1e2cf',
  },
  Painting: {
    icon: icon(
      <>
        <rect x="10" y="10" width="36" height="14" rx="3" />
        <path d="M46 17h6v12H30v8" />
        <rect x="26" y="37" width="8" height="18" rx="2" />
      </>,
    ),
    tone: '#f5e0dc',
  },
  Lights: {
    icon: icon(
      <>
        <path d="M32 6v10M20 30a12 12 0 1 1 24 0c0 6-5 8-6 14H26c-1-6-6-8-6-14z" />
        <path d="M26 50h12M28 56h8" />
      </>,
    ),
    tone: '#fbefd3',
  },
  Bathroom: {
    icon: icon(
      <>
        <path d="M8 32h48v6a12 12 0 0 1-12 12H20A12 12 0 0 1 8 38z" />
        <path d="M14 32V14a6 6 0 0 1 12 0M20 50l-3 6M44 50l3 6" />
      </>,
    ),
    tone: '#dcebee',
  },
};

const VISIBLE = 3;

function ServicesCarousel() {
  const t = useT();
  const [start, setStart] = useState(0);
  const n = SERVICE_NAMES.length;
  const visible = Array.from({ length: VISIBLE }, (_, i) => SERVICE_NAMES[(start + i) % n]);
  return (
    <div
      className="services-carousel"
      role="region"
      aria-label={t('landing.services.label')}
      data-testid="services-carousel"
    >
      <button
        type="button"
        className="icon-btn"
        aria-label={t('landing.services.previous')}
        onClick={() => setStart((s) => (s - 1 + n) % n)}
      >
        <ChevronLeftIcon />
      </button>
      <div className="services-track" aria-live="polite">
        {visible.map((name) => {
          const d = SERVICE_DETAILS[name];
          const id = serviceId(name);
          return (
            <article key={name} className="card service-card" data-testid="service-card">
              <div className="service-card-art" style={{ background: d.tone }} aria-hidden="true">
                {d.icon}
              </div>
              <div className="service-card-body">
                <h3>{t(`services.category.${id}` as MessageId)}</h3>
                <p className="muted small">{t(`landing.service.${id}` as MessageId)}</p>
              </div>
            </article>
          );
        })}
      </div>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('landing.services.next')}
        onClick={() => setStart((s) => (s + 1) % n)}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}

export default function LandingPage() {
  const t = useT();
  usePageTitle(undefined);
  const { status, role } = useAuth();
  const showLogin = !hasStoredIdToken();
  return (
    <div className="landing">
      <header className="navbar landing-header">
        <div className="navbar-inner">
          <Link to="/" className="brand">
            <BrandMark /> {BRAND.name}
          </Link>
          <div className="landing-header-actions">
            <LanguageSwitch />
            {showLogin ? (
              <Link to="/login" className="btn btn-primary" data-testid="landing-login">
                {t('landing.login')}
              </Link>
            ) : status === 'signedIn' ? (
              <Link to={dashboardPath(role)} className="btn btn-primary landing-dashboard">
                {/* A phone has room for the short label only (landing.css). */}
                <span className="landing-label-long">{t('landing.dashboard')}</span>
                <span className="landing-label-short">{t('landing.dashboardShort')}</span>
              </Link>
            ) : null}
          </div>
        </div>
      </header>

      <section className="hero">
        <div className="hero-inner">
          <p className="eyebrow" style={{ color: '#f6d6c2' }}>
            {t('landing.eyebrow')}
          </p>
          <h1>{t('common.brand.slogan')}</h1>
          <p>
            {t('common.brand.tagline')} {t('landing.hero.body')}
          </p>
          <div className="hero-actions">
            <Link to={status === 'signedIn' ? dashboardPath(role) : '/login'} className="btn btn-primary btn-lg">
              {t('landing.getStarted')}
            </Link>
            <a href="#about" className="btn btn-secondary btn-lg">
              {t('landing.learnMore')}
            </a>
          </div>
        </div>
      </section>

      <section className="landing-section" id="about" aria-labelledby="about-title">
        <div className="about-grid">
          <div>
            <p className="eyebrow">{t('landing.about.eyebrow')}</p>
            <h2 id="about-title">{t('landing.about.title')}</h2>
            <p className="muted">{t('landing.about.body', { brand: BRAND.name })}</p>
          </div>
          <div className="about-points">
            <div className="card about-point">
              <strong>1</strong>
              {t('landing.step1')}
            </div>
            <div className="card about-point">
              <strong>2</strong>
              {t('landing.step2')}
            </div>
            <div className="card about-point">
              <strong>3</strong>
              {t('landing.step3')}
            </div>
            <div className="card about-point">
              <strong>4</strong>
              {t('landing.step4')}
            </div>
          </div>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="services-title" style={{ paddingTop: 0 }}>
        <p className="eyebrow">{t('landing.services.eyebrow')}</p>
        <h2 id="services-title">{t('landing.services.title')}</h2>
        <ServicesCarousel />
      </section>
    </div>
  );
}

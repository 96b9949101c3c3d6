/**
 * The privacy page (`/privatesia`, `/en/privacy`): what the marketplace collects and why, how long it keeps it
 * (backups included), who processes it and where, how to exercise each right in the app, and what the browser
 * stores. Rendered on the server like every public page (../render.tsx routes it here, document.tsx frames it); its
 * numbers come from where the product sets them (common/privacy.ts, the notifications' TTL), and where the stage's
 * data lives from its configuration: the AWS region the function runs in and the chat database's address.
 * Texts are Albanian first; this page owns them (the other public pages' are in ../messages.ts).
 */
import type { ReactNode } from 'react';
import { pagePath, type PublicLanguage } from '../../../common/publicPages';
import {
  BACKUP_RETENTION_DAYS,
  ERASURE_DELAY_DAYS,
  EXPORT_EVERY_HOURS,
  EXPORT_LINK_HOURS,
  PICTURE_VERSION_DAYS,
} from '../../../common/privacy';
import { NOTIFICATION_TTL_DAYS } from '../../../common/notifications';
import { BRAND } from '../../../common/brand';
import { absolute, alternatesOf, breadcrumbList, type HeadData } from '../seo';
import { longDate } from './parts';

/** When this text last changed (shown on the page). */
export const PRIVACY_PAGE_UPDATED = '2026-11-27';

/** Where the stage's AWS region is, in words. */
const AWS_PLACES: Record<string, [sq: string, en: string]> = {
  'eu-central-1': ['Frankfurt, Gjermani', 'Frankfurt, Germany'],
  'eu-central-2': ['Cyrih, Zvicër', 'Zurich, Switzerland'],
  'eu-west-1': ['Irlandë', 'Ireland'],
  'eu-west-2': ['Londër, Mbretëria e Bashkuar', 'London, United Kingdom'],
  'eu-west-3': ['Paris, Francë', 'Paris, France'],
  'eu-south-1': ['Milano, Itali', 'Milan, Italy'],
  'eu-south-2': ['Spanjë', 'Spain'],
  'eu-north-1': ['Stokholm, Suedi', 'Stockholm, Sweden'],
  'us-east-1': ['Virxhinia, SHBA', 'Virginia, USA'],
};

/** Where a Realtime Database address keeps its data (its host names the region; `firebaseio.com` is us-central1). */
const FIREBASE_PLACES: Record<string, [sq: string, en: string]> = {
  'europe-west1': ['Belgjikë (europe-west1)', 'Belgium (europe-west1)'],
  'asia-southeast1': ['Singapor (asia-southeast1)', 'Singapore (asia-southeast1)'],
  'us-central1': ['Ajova, SHBA (us-central1)', 'Iowa, USA (us-central1)'],
};

export interface PrivacyFacts {
  /** The AWS region the stage runs in (the function's AWS_REGION). */
  awsRegion: string;
  /** The chat database's address (FIREBASE_DATABASE_URL). */
  chatDatabaseUrl?: string;
}

/** The stage's facts, from the function's environment. */
export const privacyFacts = (): PrivacyFacts => ({
  awsRegion: process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'eu-central-1',
  chatDatabaseUrl: process.env.FIREBASE_DATABASE_URL,
});

const i = (lang: PublicLanguage) => (lang === 'en' ? 1 : 0);

function awsPlace(lang: PublicLanguage, region: string) {
  const place = AWS_PLACES[region];
  return place ? `${region} (${place[i(lang)]})` : region;
}

function firebasePlace(lang: PublicLanguage, url: string | undefined) {
  const host = (() => {
    try {
      return url ? new URL(url).host : '';
    } catch {
      return '';
    }
  })();
  const region = /^[^.]+\.([a-z]+-[a-z]+\d)\.firebasedatabase\.app$/.exec(host)?.[1] ?? 'us-central1';
  return (FIREBASE_PLACES[region] ?? [region, region])[i(lang)];
}

type Row = [ReactNode, ReactNode, ReactNode];

interface Texts {
  title: string;
  description: string;
  heading: string;
  lead: ReactNode;
  updated: string;
  whoTitle: string;
  who: ReactNode;
  collectTitle: string;
  collectHead: [string, string, string];
  collect: Row[];
  keepTitle: string;
  keep: ReactNode[];
  processorsTitle: string;
  processorsHead: [string, string, string];
  processors: Row[];
  rightsTitle: string;
  rights: ReactNode[];
  storageTitle: string;
  storageLead: string;
  storage: ReactNode[];
  noBanner: string;
  complaintTitle: string;
  complaint: ReactNode;
  home: string;
}

function texts(lang: PublicLanguage, facts: PrivacyFacts): Texts {
  const aws = awsPlace(lang, facts.awsRegion);
  const chat = firebasePlace(lang, facts.chatDatabaseUrl);
  const mail = <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>;
  if (lang === 'en')
    return {
      title: `Privacy · ${BRAND.name}`,
      description: `What ${BRAND.name} collects and why, how long it keeps it, who processes it and where, and how to download or delete your data.`,
      heading: 'Privacy: your data is yours',
      lead: (
        <>
          {BRAND.name} keeps only what the marketplace needs to work. You can download everything we hold about you and
          delete your account yourself, in the app, at any time.
        </>
      ),
      updated: `Last changed on ${longDate('en', PRIVACY_PAGE_UPDATED)}.`,
      whoTitle: 'Who we are',
      who: (
        <>
          {BRAND.name} (Tirana, Albania) runs this marketplace and decides what happens to your data. We follow
          Albania&apos;s Law 124/2024 on the protection of personal data, aligned with the EU&apos;s GDPR. Write to us
          at {mail}.
        </>
      ),
      collectTitle: 'What we collect and why',
      collectHead: ['What', 'Why', 'Who sees it'],
      collect: [
        [
          'Your email, your password (kept by the sign-in service, never by us) and your account type',
          'To sign you in and to email you about your account',
          'Only you',
        ],
        [
          'Your profile: name, town, photo; for a business also its description, services, towns, showroom pictures',
          'So clients and businesses can find and trust each other',
          'Signed-in users; a business’s public page to anyone (it can turn it off)',
        ],
        [
          'Your requests, offers, counter-offers, reviews and replies',
          'They are the marketplace',
          'The people they are for (a request: businesses; an offer: its client)',
        ],
        ['Chat messages', 'So clients and businesses can talk', 'The two people in the conversation'],
        [
          'Notifications, your email and push settings, the devices you turned push on for',
          'To tell you what happened, the way you chose',
          'Only you',
        ],
        [
          'A business’s NIPT and a photo of a document',
          'To verify a business (the "verified" badge)',
          'The business and our moderators',
        ],
        [
          'Payments for ads and plans (amount, date, what was bought)',
          'To run ads and plans, and because accounting law requires it',
          'The business and us',
        ],
        ['Reports you file', 'To keep the marketplace safe', 'Our moderators'],
        ['Technical logs (IP address, time, the page or call)', 'Security: to stop abuse and fix faults', 'Our team'],
      ],
      keepTitle: 'How long we keep it',
      keep: [
        'While your account exists. You decide how long that is.',
        <>
          When you delete your account it closes at once and is <strong>erased {ERASURE_DELAY_DAYS} days later</strong>{' '}
          (until then you can sign in again and keep it): your profile, requests, offers, messages, pictures and
          notifications. What others rely on stays without your name: a review you wrote stays as a &quot;former
          client&quot;’s (the business&apos;s rating does not change), a conversation shows &quot;former user&quot;, a
          business&apos;s finished jobs stay for their clients only, and payment records stay as accounting law
          requires, without name or email.
        </>,
        <>
          <strong>Backups:</strong> the database keeps a point-in-time copy of every change for {BACKUP_RETENTION_DAYS}{' '}
          days (and daily backups are kept {BACKUP_RETENTION_DAYS} days), so erased data can remain in them up to{' '}
          {BACKUP_RETENTION_DAYS} days, then it is gone. A replaced or deleted picture&apos;s earlier version is kept{' '}
          {PICTURE_VERSION_DAYS} days; an erasure deletes those too.
        </>,
        `Notifications are deleted after ${NOTIFICATION_TTL_DAYS} days; a copy of your data you downloaded is deleted ${EXPORT_LINK_HOURS} hours after it is ready; pictures uploaded but never used are deleted after a few days.`,
        'Technical logs are kept up to six months, access logs of our web servers up to a year.',
      ],
      processorsTitle: 'Who processes it for us, and where',
      processorsHead: ['Company', 'What it does', 'Where'],
      processors: [
        [
          'Amazon Web Services (AWS)',
          'Hosts the app, the database, the pictures and the sign-in service (Amazon Cognito), and sends our emails (Amazon SES)',
          <>
            AWS region {aws}; pages and pictures are delivered through AWS&apos;s network (CloudFront) from the location
            nearest to you
          </>,
        ],
        ['Google Firebase (Realtime Database)', 'Carries and keeps the chat messages', chat],
        [
          'Paddle (merchant of record)',
          'Takes payments for ads and plans: your card details go to Paddle, never to us',
          'United Kingdom and the EU',
        ],
        [
          'Your browser’s push service (Google for Chrome and Android, Mozilla for Firefox, Apple for Safari)',
          'Delivers the push notifications you turned on; their content is encrypted so the push service cannot read it',
          'Chosen by your browser',
        ],
      ],
      rightsTitle: 'Your rights, and where to use them in the app',
      rights: [
        <>
          <strong>See and take a copy of your data</strong>: Settings › Privacy › Download my data. You get one ZIP with
          everything we hold about you (as JSON files, with a README) and your pictures, at most once every{' '}
          {EXPORT_EVERY_HOURS} hours.
        </>,
        <>
          <strong>Correct it</strong>: Settings › Edit profile.
        </>,
        <>
          <strong>Delete it</strong>: Settings › Privacy › Delete my account (with your password).
        </>,
        <>
          <strong>Object or limit what we send</strong>: Settings › Notifications (each email and push on or off); a
          business can turn its public page off in Settings › Edit profile.
        </>,
        <>Anything else, or a question: write to us at {mail}. We answer within a month.</>,
      ],
      storageTitle: 'What the app stores in your browser',
      storageLead: 'No cookies. The app keeps only what it needs to work, in your browser:',
      storage: [
        'Local storage: your sign-in session (the sign-in service’s tokens), the language you chose, a new account’s details until its first sign-in, which device receives your push notifications, whether you dismissed the install prompt, and the chat connection’s server address.',
        'IndexedDB: a technical note of the chat library (Google Firebase) with the dates it was used, no identifier of you.',
        'The app’s own files, to open fast and offline, and your last answers from our server, to show them offline; they are deleted when you sign out.',
      ],
      noBanner:
        'All of it is strictly necessary for a service you ask for, and nothing tracks you or serves ads. That is why there is no consent banner.',
      complaintTitle: 'Complaints',
      complaint: (
        <>
          If you think we handle your data wrongly, write to us first at {mail}. You can also complain to the
          Commissioner for the Right to Information and Protection of Personal Data (Komisioneri për të Drejtën e
          Informimit dhe Mbrojtjen e të Dhënave Personale), Tirana.
        </>
      ),
      home: 'Home',
    };
  return {
    title: `Privatësia · ${BRAND.name}`,
    description: `Çfarë mbledh ${BRAND.name} dhe pse, sa kohë e mban, kush e përpunon dhe ku, dhe si t’i shkarkoni ose fshini të dhënat tuaja.`,
    heading: 'Privatësia: të dhënat tuaja janë tuajat',
    lead: (
      <>
        {BRAND.name} mban vetëm atë që i duhet tregut për të punuar. Mund të shkarkoni gjithçka që mbajmë për ju dhe ta
        fshini vetë llogarinë, në aplikacion, në çdo kohë.
      </>
    ),
    updated: `Ndryshuar së fundi më ${longDate('sq', PRIVACY_PAGE_UPDATED)}.`,
    whoTitle: 'Kush jemi',
    who: (
      <>
        {BRAND.name} (Tiranë, Shqipëri) drejton këtë treg dhe vendos çfarë ndodh me të dhënat tuaja. Zbatojmë Ligjin
        124/2024 për mbrojtjen e të dhënave personale, të përafruar me GDPR-në e BE-së. Na shkruani në {mail}.
      </>
    ),
    collectTitle: 'Çfarë mbledhim dhe pse',
    collectHead: ['Çfarë', 'Pse', 'Kush e sheh'],
    collect: [
      [
        'Emaili, fjalëkalimi (e mban shërbimi i hyrjes, kurrë ne) dhe lloji i llogarisë',
        'Për t’ju futur në llogari dhe për t’ju shkruar për të',
        'Vetëm ju',
      ],
      [
        'Profili: emri, qyteti, fotoja; për një biznes edhe përshkrimi, shërbimet, qytetet, fotot e punimeve',
        'Që klientët dhe bizneset të gjejnë dhe t’i besojnë njëri-tjetrit',
        'Përdoruesit e hyrë; faqja publike e një biznesi këdo (biznesi mund ta fikë)',
      ],
      [
        'Kërkesat, ofertat, kundërofertat, vlerësimet dhe përgjigjet',
        'Ato janë vetë tregu',
        'Ata për të cilët janë (kërkesa: bizneset; oferta: klienti i saj)',
      ],
      ['Mesazhet e bisedave', 'Që klientët dhe bizneset të flasin', 'Dy njerëzit e bisedës'],
      [
        'Njoftimet, zgjedhjet për email dhe push, pajisjet ku keni aktivizuar push',
        'Që t’ju tregojmë çfarë ndodhi, siç zgjodhët',
        'Vetëm ju',
      ],
      [
        'NIPT-i i një biznesi dhe foto e një dokumenti',
        'Për të verifikuar biznesin (shenja "i verifikuar")',
        'Biznesi dhe moderatorët tanë',
      ],
      [
        'Pagesat për reklama dhe plane (shuma, data, çfarë u ble)',
        'Për reklamat dhe planet, dhe sepse e kërkon ligji i kontabilitetit',
        'Biznesi dhe ne',
      ],
      ['Raportimet që bëni', 'Që tregu të jetë i sigurt', 'Moderatorët tanë'],
      [
        'Regjistrat teknikë (adresa IP, ora, faqja ose thirrja)',
        'Siguria: për të ndaluar abuzimet dhe për të ndrequr defektet',
        'Ekipi ynë',
      ],
    ],
    keepTitle: 'Sa kohë i mbajmë',
    keep: [
      'Sa kohë ekziston llogaria juaj. Këtë e vendosni ju.',
      <>
        Kur fshini llogarinë, ajo mbyllet menjëherë dhe{' '}
        <strong>fshihet përgjithmonë pas {ERASURE_DELAY_DAYS} ditësh</strong> (deri atëherë mund të hyni sërish dhe ta
        mbani): profili, kërkesat, ofertat, mesazhet, fotot dhe njoftimet. Ajo mbi të cilën mbështeten të tjerët mbetet
        pa emrin tuaj: një vlerësim që keni shkruar mbetet si i një &quot;ish-klienti&quot; (vlerësimi i biznesit nuk
        ndryshon), një bisedë tregon &quot;ish-përdorues&quot;, punët e përfunduara të një biznesi mbeten vetëm për
        klientët e tyre dhe pagesat mbeten siç kërkon ligji i kontabilitetit, pa emër dhe pa email.
      </>,
      <>
        <strong>Kopjet rezervë:</strong> baza e të dhënave mban një kopje të çdo ndryshimi për {BACKUP_RETENTION_DAYS}{' '}
        ditë (edhe kopjet ditore mbahen {BACKUP_RETENTION_DAYS} ditë), ndaj të dhënat e fshira mund të mbeten aty deri
        në {BACKUP_RETENTION_DAYS} ditë, pastaj zhduken. Versioni i mëparshëm i një fotoje të zëvendësuar ose të fshirë
        mbahet {PICTURE_VERSION_DAYS} ditë; fshirja e llogarisë i fshin edhe ato.
      </>,
      `Njoftimet fshihen pas ${NOTIFICATION_TTL_DAYS} ditësh; kopja e të dhënave që shkarkoni fshihet ${EXPORT_LINK_HOURS} orë pasi është gati; fotot e ngarkuara që nuk përdoren fshihen pas disa ditësh.`,
      'Regjistrat teknikë mbahen deri në gjashtë muaj, regjistrat e hyrjeve në serverat tanë deri në një vit.',
    ],
    processorsTitle: 'Kush i përpunon për ne, dhe ku',
    processorsHead: ['Kompania', 'Çfarë bën', 'Ku'],
    processors: [
      [
        'Amazon Web Services (AWS)',
        'Mban aplikacionin, bazën e të dhënave, fotot dhe shërbimin e hyrjes (Amazon Cognito), dhe dërgon emailet tona (Amazon SES)',
        <>Rajoni AWS {aws}; faqet dhe fotot shpërndahen nga rrjeti i AWS (CloudFront) nga pika më e afërt me ju</>,
      ],
      ['Google Firebase (Realtime Database)', 'Përcjell dhe mban mesazhet e bisedave', chat],
      [
        'Paddle (shitësi zyrtar)',
        'Merr pagesat për reklamat dhe planet: të dhënat e kartës shkojnë te Paddle, kurrë te ne',
        'Mbretëria e Bashkuar dhe BE',
      ],
      [
        'Shërbimi push i shfletuesit tuaj (Google për Chrome dhe Android, Mozilla për Firefox, Apple për Safari)',
        'Dorëzon njoftimet push që keni aktivizuar; përmbajtja është e koduar dhe shërbimi push nuk e lexon dot',
        'E zgjedh shfletuesi juaj',
      ],
    ],
    rightsTitle: 'Të drejtat tuaja, dhe ku t’i përdorni në aplikacion',
    rights: [
      <>
        <strong>Të shihni dhe të merrni një kopje të të dhënave</strong>: Cilësimet › Privatësia › Shkarko të dhënat e
        mia. Merrni një ZIP me gjithçka që mbajmë për ju (skedarë JSON, me një README) dhe fotot tuaja, më së shumti një
        herë në {EXPORT_EVERY_HOURS} orë.
      </>,
      <>
        <strong>T’i korrigjoni</strong>: Cilësimet › Ndrysho profilin.
      </>,
      <>
        <strong>T’i fshini</strong>: Cilësimet › Privatësia › Fshi llogarinë time (me fjalëkalimin tuaj).
      </>,
      <>
        <strong>Të kundërshtoni ose të kufizoni çfarë ju dërgojmë</strong>: Cilësimet › Njoftimet (çdo email dhe push
        ndizet ose fiket); një biznes mund ta fikë faqen publike te Cilësimet › Ndrysho profilin.
      </>,
      <>Për çdo gjë tjetër, ose një pyetje: na shkruani në {mail}. Përgjigjemi brenda një muaji.</>,
    ],
    storageTitle: 'Çfarë ruan aplikacioni në shfletuesin tuaj',
    storageLead: 'Asnjë cookie. Aplikacioni mban vetëm atë që i duhet për të punuar, në shfletuesin tuaj:',
    storage: [
      'Ruajtja vendore e shfletuesit: seanca juaj e hyrjes (tokenat e shërbimit të hyrjes), gjuha që zgjodhët, të dhënat e një llogarie të re deri në hyrjen e parë, cila pajisje merr njoftimet tuaja push, nëse e mbyllët ftesën për instalim, dhe adresa e serverit të bisedave.',
      'IndexedDB: një shënim teknik i librarisë së bisedave (Google Firebase) me datat kur u përdor, pa asnjë identifikues tuajin.',
      'Skedarët e vetë aplikacionit, që të hapet shpejt dhe pa internet, dhe përgjigjet e fundit të serverit tonë, që t’i shihni pa internet; fshihen kur dilni nga llogaria.',
    ],
    noBanner:
      'E gjitha është rreptësisht e nevojshme për një shërbim që kërkoni vetë, dhe asgjë nuk ju ndjek e as nuk shfaq reklama. Prandaj nuk ka banner pëlqimi.',
    complaintTitle: 'Ankesat',
    complaint: (
      <>
        Nëse mendoni se i trajtojmë gabim të dhënat tuaja, na shkruani fillimisht në {mail}. Mund të ankoheni edhe te
        Komisioneri për të Drejtën e Informimit dhe Mbrojtjen e të Dhënave Personale, Tiranë.
      </>
    ),
    home: 'Kreu',
  };
}

/** The page's head: indexable, canonical and hreflang in both languages. */
export function privacyHead(origin: string, lang: PublicLanguage, facts: PrivacyFacts = privacyFacts()): HeadData {
  const t = texts(lang, facts);
  const url = absolute(origin, { kind: 'privacy' }, lang);
  return {
    lang,
    title: t.title,
    description: t.description,
    canonical: url,
    alternates: alternatesOf(origin, { kind: 'privacy' }),
    ogType: 'website',
    jsonLd: [
      breadcrumbList([
        { name: t.home, url: absolute(origin, { kind: 'landing' }, lang) },
        { name: t.heading, url },
      ]),
    ],
  };
}

const PRIVACY_CSS = `
.privacy{max-width:820px;padding-top:var(--space-8)}
.privacy h1{margin-bottom:var(--space-4)}
.privacy .lead{font-size:var(--font-size-lg);max-width:40em}
.privacy section{margin-top:var(--space-8)}
.privacy ul{padding-left:var(--space-6);display:grid;gap:var(--space-2)}
.privacy .table-wrap{overflow-x:auto;border:1px solid var(--color-border);border-radius:var(--radius-lg);background:var(--color-surface)}
.privacy table{border-collapse:collapse;width:100%;font-size:var(--font-size-sm)}
.privacy th,.privacy td{text-align:left;vertical-align:top;padding:var(--space-3) var(--space-4);border-bottom:1px solid var(--color-border)}
.privacy tr:last-child td{border-bottom:0}
.privacy th{background:var(--color-surface-alt);font-weight:600}
.privacy .note{background:var(--color-accent-soft);border-radius:var(--radius-md);padding:var(--space-4);margin-top:var(--space-3)}
@media (max-width:640px){.privacy table,.privacy tbody,.privacy tr,.privacy td{display:block}.privacy thead{position:absolute;left:-9999px}.privacy tr{padding:var(--space-3) 0;border-bottom:1px solid var(--color-border)}.privacy td{border:0;padding:var(--space-1) var(--space-4)}.privacy td:first-child{font-weight:600}.privacy td[data-label]::before{content:attr(data-label);display:block;font-size:var(--font-size-xs);text-transform:uppercase;letter-spacing:.06em;color:var(--color-text-muted)}}
`;

function Table({ head, rows }: { head: [string, string, string]; rows: Row[] }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c} data-label={c > 0 ? head[c] : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PrivacyPage({ lang, facts = privacyFacts() }: { lang: PublicLanguage; facts?: PrivacyFacts }) {
  const t = texts(lang, facts);
  return (
    <div className="wrap privacy" data-page="privacy">
      <style dangerouslySetInnerHTML={{ __html: PRIVACY_CSS }} />
      <nav className="crumbs" aria-label={lang === 'en' ? 'Breadcrumb' : 'Gjurma'}>
        <ol>
          <li>
            <a href={pagePath({ kind: 'landing' }, lang)}>{t.home}</a>
          </li>
          <li>
            <span aria-current="page">{t.heading}</span>
          </li>
        </ol>
      </nav>
      <h1>{t.heading}</h1>
      <p className="lead">{t.lead}</p>
      <p className="muted small">{t.updated}</p>
      <section aria-labelledby="who">
        <h2 id="who">{t.whoTitle}</h2>
        <p>{t.who}</p>
      </section>
      <section aria-labelledby="collect">
        <h2 id="collect">{t.collectTitle}</h2>
        <Table head={t.collectHead} rows={t.collect} />
      </section>
      <section aria-labelledby="keep">
        <h2 id="keep">{t.keepTitle}</h2>
        <ul>
          {t.keep.map((k, n) => (
            <li key={n}>{k}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="processors">
        <h2 id="processors">{t.processorsTitle}</h2>
        <Table head={t.processorsHead} rows={t.processors} />
      </section>
      <section aria-labelledby="rights">
        <h2 id="rights">{t.rightsTitle}</h2>
        <ul>
          {t.rights.map((r, n) => (
            <li key={n}>{r}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="storage">
        <h2 id="storage">{t.storageTitle}</h2>
        <p>{t.storageLead}</p>
        <ul>
          {t.storage.map((s, n) => (
            <li key={n}>{s}</li>
          ))}
        </ul>
        <p className="note">{t.noBanner}</p>
      </section>
      <section aria-labelledby="complaints">
        <h2 id="complaints">{t.complaintTitle}</h2>
        <p>{t.complaint}</p>
      </section>
    </div>
  );
}

/**
 * The words of the privacy emails and of the data export's README, in the person's language (Albanian unless they
 * chose English): the email that says when a closed account is erased, the email that says an export is ready,
 * and the README that explains the files of the ZIP. Emails use the product's frame (lambdas/notify/emails.ts).
 */
import { ERASURE_DELAY_DAYS, EXPORT_LINK_HOURS } from '../../common/privacy';
import type { EmailLanguage } from '../../common/notifications';
import { emailHtml, escapeHtml, type RenderedEmail } from '../notify/emails';
import { BRAND } from '../../common/brand';

/** A moment as people of the language read it (Albania's time zone). */
export const longDate = (iso: string, lang: EmailLanguage) =>
  new Intl.DateTimeFormat(lang === 'sq' ? 'sq-AL' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Tirane',
  }).format(new Date(iso));

/** A size in bytes as people read it. */
export const fileSize = (bytes: number, lang: EmailLanguage) => {
  const mb = bytes / 1_048_576;
  const n = new Intl.NumberFormat(lang === 'sq' ? 'sq-AL' : 'en-GB', { maximumFractionDigits: 1 });
  return mb >= 1 ? `${n.format(mb)} MB` : `${n.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
};

const FOOTER: Record<EmailLanguage, string> = {
  sq: `Këtë email e morët sepse kërkuat diçka për llogarinë tuaj në ${BRAND.name}. Nuk ju dërgohet asnjë email tjetër për këtë.`,
  en: `You received this email because you asked for something about your ${BRAND.name} account. No other email about it follows.`,
};

function render(
  lang: EmailLanguage,
  m: { subject: string; heading: string; lines: string[]; button: string; url: string; extraUrl?: string },
): RenderedEmail {
  const text = [
    m.heading,
    '',
    ...m.lines,
    '',
    `${m.button}: ${m.url}`,
    ...(m.extraUrl ? [m.extraUrl] : []),
    '',
    '--',
    FOOTER[lang],
  ].join('\n');
  const html = emailHtml({
    lang,
    subject: m.subject,
    heading: m.heading,
    paragraphsHtml: m.lines.map(escapeHtml),
    button: { text: m.button, url: m.url },
    footerHtml: escapeHtml(FOOTER[lang]),
  });
  return { subject: m.subject, html, text };
}

/** Sent when an account is closed: the date it is erased, and how to keep it. */
export function closureEmail(lang: EmailLanguage, eraseAfter: string, signInUrl: string): RenderedEmail {
  const date = longDate(eraseAfter, lang);
  return lang === 'en'
    ? render(lang, {
        subject: `Your ${BRAND.name} account will be erased on ${date}`,
        heading: 'Your account is closed',
        lines: [
          `You deleted your ${BRAND.name} account. It is closed now: nobody sees your profile, your open requests, offers and ads have ended, and every session was signed out.`,
          `On ${date} (${ERASURE_DELAY_DAYS} days from now) everything of it is erased for good: your profile, requests, offers, messages and pictures. Reviews you wrote stay, as a former client's, with no name.`,
          'Changed your mind? Sign in again before that date and choose "Keep my account".',
        ],
        button: 'Sign in to keep my account',
        url: signInUrl,
      })
    : render(lang, {
        subject: `Llogaria juaj në ${BRAND.name} do të fshihet më ${date}`,
        heading: 'Llogaria juaj u mbyll',
        lines: [
          `Ju e fshitë llogarinë tuaj në ${BRAND.name}. Tani ajo është e mbyllur: askush nuk e sheh profilin tuaj, kërkesat e hapura, ofertat dhe reklamat tuaja u ndalën dhe u dolët nga çdo pajisje.`,
          `Më ${date} (pas ${ERASURE_DELAY_DAYS} ditësh) gjithçka e saj fshihet përgjithmonë: profili, kërkesat, ofertat, mesazhet dhe fotot. Vlerësimet që keni shkruar mbeten, si të një ish-klienti, pa emër.`,
          'Ndryshuat mendje? Hyni sërish në llogari para kësaj date dhe zgjidhni "Mbaje llogarinë".',
        ],
        button: 'Hyni për ta mbajtur llogarinë',
        url: signInUrl,
      });
}

/** Sent when an export is ready: the download link (valid EXPORT_LINK_HOURS) and the page that gives a new one. */
export function exportReadyEmail(
  lang: EmailLanguage,
  m: { downloadUrl: string; pageUrl: string; expiresAt: string; size: number },
): RenderedEmail {
  const until = longDate(m.expiresAt, lang);
  const size = fileSize(m.size, lang);
  return lang === 'en'
    ? render(lang, {
        subject: 'Your data is ready to download',
        heading: 'Your copy of your data is ready',
        lines: [
          `The copy of everything ${BRAND.name} holds about you that you asked for is ready: one ZIP file (${size}) with your data as JSON files, a README that explains them, and your pictures.`,
          `Download it until ${until} (${EXPORT_LINK_HOURS} hours); then it is deleted. Keep it somewhere safe: it holds your personal data.`,
          `The link below works once you open it in a browser. If it stopped working, open Settings > Privacy in the app: it gives a new link while the file is kept. ${m.pageUrl}`,
        ],
        button: 'Download my data',
        url: m.downloadUrl,
      })
    : render(lang, {
        subject: 'Të dhënat tuaja janë gati për shkarkim',
        heading: 'Kopja e të dhënave tuaja është gati',
        lines: [
          `Kopja që kërkuat e gjithçkaje që ${BRAND.name} mban për ju është gati: një skedar ZIP (${size}) me të dhënat tuaja si skedarë JSON, një README që i shpjegon dhe fotot tuaja.`,
          `Shkarkojeni deri më ${until} (${EXPORT_LINK_HOURS} orë); pastaj fshihet. Ruajeni në një vend të sigurt: ka të dhënat tuaja personale.`,
          `Lidhja më poshtë hapet në shfletues. Nëse nuk funksionon më, hapni Cilësimet > Privatësia në aplikacion: aty merrni një lidhje të re sa kohë skedari ruhet. ${m.pageUrl}`,
        ],
        button: 'Shkarko të dhënat e mia',
        url: m.downloadUrl,
      });
}

/** The README of the export: what each file holds. */
export function exportReadme(lang: EmailLanguage, m: { createdAt: string; role: string; files: string[] }): string {
  const when = longDate(m.createdAt, lang);
  const describe: Record<string, [sq: string, en: string]> = {
    'account.json': ['llogaria dhe profili juaj', 'your account and profile'],
    'requests.json': [
      'kërkesat tuaja dhe ofertat që morët për to (emri i biznesit, çmimi, mesazhi, negocimi)',
      'your requests and the offers you received on them (business name, price, message, negotiation)',
    ],
    'offers.json': [
      'ofertat që bëtë, me negocimin dhe kërkesën ku i bëtë',
      'the offers you made, with their negotiation and the request they were for',
    ],
    'reviews.json': [
      'vlerësimet që shkruat ose morët, me përgjigjet',
      'the reviews you wrote or received, with the replies',
    ],
    'chat.json': [
      'bisedat tuaja: mesazhet që shkruat dhe ato që ju dërguan të tjerët (vetëm emri që shfaqin dhe teksti)',
      'your chats: the messages you wrote and the ones others sent you (only their display name and the text)',
    ],
    'notifications.json': ['njoftimet tuaja në aplikacion', 'your in-app notifications'],
    'preferences.json': ['zgjedhjet tuaja të njoftimeve dhe gjuhës', 'your notification and language choices'],
    'devices.json': ['pajisjet ku keni aktivizuar njoftimet push', 'the devices you turned push notifications on for'],
    'reports.json': ['raportimet që keni bërë', 'the reports you filed'],
    'verification.json': ['kërkesat tuaja për verifikim (NIPT)', 'your verification request (NIPT)'],
    'payments.json': ['pagesat tuaja (reklamat dhe planet)', 'your payments (ads and plans)'],
    'contact.json': ['mesazhet që i dërguat ekipit', 'the messages you sent to the team'],
    'boards.json': ['tabelat tuaja të ideve dhe idetë e ruajtura në to', 'your boards and the ideas saved on them'],
    'ideas.json': [
      'fotot e punës suaj që tregoni te Idetë, me etiketat e tyre',
      'the pictures of your work you show among the Ideas, with their tags',
    ],
    'pictures/': [
      'fotot tuaja: origjinali kur ruhet ende, përndryshe versioni më i madh',
      'your pictures: the original where it is still kept, else the largest version',
    ],
  };
  const i = lang === 'en' ? 1 : 0;
  const lines = m.files
    .filter((f) => describe[f])
    .map((f) => `- ${f}: ${describe[f][i]}`)
    .join('\n');
  return lang === 'en'
    ? `Your data at ${BRAND.name}\n\nThis copy was made on ${when}. It holds everything ${BRAND.name} keeps about your account, as JSON files (open them with any text editor), and your pictures.\n\n${lines}\n\nIt holds nothing private of other people: the messages others sent you show only the name they show in the app.\nTimes are UTC (ISO 8601). Questions: write to the team from Settings > Help & support.\n`
    : `Të dhënat tuaja në ${BRAND.name}\n\nKjo kopje u bë më ${when}. Ka gjithçka që ${BRAND.name} mban për llogarinë tuaj, si skedarë JSON (hapen me çdo program teksti), dhe fotot tuaja.\n\n${lines}\n\nNuk ka asgjë private të njerëzve të tjerë: mesazhet që ju dërguan të tjerët tregojnë vetëm emrin që shfaqin në aplikacion.\nOrët janë në UTC (ISO 8601). Pyetje: shkruani ekipit nga Cilësimet > Ndihmë dhe mbështetje.\n`;
}

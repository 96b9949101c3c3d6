/**
 * The emails of the notifier: one per notification kind, in the recipient's language (Albanian unless
 * the account chose English), HTML in the product's look with a button, and the same in plain text with
 * the plain link. Everything that comes from other users (post titles, business names, descriptions) is
 * HTML-escaped; the footer has the one-click unsubscribe link of that kind.
 */
import { BRAND } from '../../common/brand';
import { DESIGN_TOKENS } from '../../common/designTokens';
import { AD_RUN_DAYS } from '../../common/adRuns';
import { POST_OPEN_DAYS, type NotificationKind, type PlanId } from '../../common/constants';
import { PLAN_TIME_ZONE, planRules } from '../../common/plans';
import type { EmailLanguage, NotificationData } from '../../common/notifications';
import { failureText } from '../payments/failures';

interface Texts {
  subject: string;
  heading: string;
  /** Paragraphs; values from other users are inserted by `fill` (escaped in HTML). */
  lines: string[];
  button: string;
}

/**
 * An amount in the reader's language: an offer's price whole when it is ("1200 €"), as the app shows it; a payment
 * (`currency` given: the currency it was charged in) always with its cents, as on a receipt ("20,00 €").
 */
const money = (n: number | undefined, lang: EmailLanguage, currency?: string) =>
  n === undefined
    ? ''
    : new Intl.NumberFormat(lang === 'sq' ? 'sq-AL' : 'en-GB', {
        style: 'currency',
        currency: currency ?? 'EUR',
        minimumFractionDigits: currency || !Number.isInteger(n) ? 2 : 0,
        maximumFractionDigits: 2,
      }).format(n);

/** What a payment was for, in the reader's language. */
const PAID_FOR: Record<EmailLanguage, Record<NonNullable<NotificationData['paidFor']>, string>> = {
  sq: { ad: 'reklamë e sponsorizuar', basic: 'plani Basic', standard: 'plani Standard', premium: 'plani Premium' },
  en: { ad: 'a Sponsored ad', basic: 'the Basic plan', standard: 'the Standard plan', premium: 'the Premium plan' },
};
const paidFor = (d: NotificationData, lang: EmailLanguage) => (d.paidFor ? PAID_FOR[lang][d.paidFor] : '{description}');

/** Why a card was refused, in the reader's language: the words the app shows too for each of the provider's codes. */
const failure = (d: NotificationData, lang: EmailLanguage) => failureText(d.failureCode, lang);

/** A day in the reader's language, in Albania's time (a plan's dates). */
const day = (iso: string | undefined, lang: EmailLanguage) =>
  iso
    ? new Intl.DateTimeFormat(lang === 'sq' ? 'sq-AL' : 'en-GB', {
        dateStyle: 'long',
        timeZone: PLAN_TIME_ZONE,
      }).format(new Date(iso))
    : '';

const monthName = (month: string | undefined, lang: EmailLanguage) =>
  month
    ? new Intl.DateTimeFormat(lang === 'sq' ? 'sq-AL' : 'en-GB', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${month}-15T00:00:00Z`))
    : '';

const rate = (d: NotificationData) => (d.offers ? ` (${Math.round(((d.accepted ?? 0) / d.offers) * 100)}%)` : '');

const PLAN_LABELS: Record<EmailLanguage, Record<PlanId, string>> = {
  sq: { basic: 'Bazë', standard: 'Standard', premium: 'Premium' },
  en: { basic: 'Basic', standard: 'Standard', premium: 'Premium' },
};
const planNames = {
  sq: (p: PlanId | undefined) => PLAN_LABELS.sq[p ?? 'basic'],
  en: (p: PlanId | undefined) => PLAN_LABELS.en[p ?? 'basic'],
};

/** What a plan gives, in one sentence per language, from its rules (common/plans.ts): the same numbers as the app. */
const planGives = {
  sq: (p: PlanId | undefined) => {
    const r = planRules(p);
    return `${r.offersPerMonth === null ? 'Oferta pa kufi' : `${r.offersPerMonth} oferta në muaj`}, ${r.portfolioPictures} foto në portofol${r.highlightedOffers ? ', ofertat të theksuara' : ''}, statistika për ${r.statisticsMonths === 1 ? 'këtë muaj' : `${r.statisticsMonths} muaj`}${r.monthlyReport ? ' dhe një raport mujor me email' : ''}.`;
  },
  en: (p: PlanId | undefined) => {
    const r = planRules(p);
    return `${r.offersPerMonth === null ? 'Unlimited offers' : `${r.offersPerMonth} offers a month`}, ${r.portfolioPictures} portfolio pictures${r.highlightedOffers ? ', highlighted offers' : ''}, statistics for ${r.statisticsMonths === 1 ? 'this month' : `${r.statisticsMonths} months`}${r.monthlyReport ? ' and a monthly report by email' : ''}.`;
  },
};

type Template = (d: NotificationData, lang: EmailLanguage) => Texts;

const TEMPLATES: Record<NotificationKind, Record<EmailLanguage, Template>> = {
  newOffer: {
    sq: (d, l) => ({
      subject: `Ofertë e re për „{postTitle}”`,
      heading: 'Keni një ofertë të re',
      lines: [`{businessName} ju dërgoi një ofertë prej ${money(d.price, l)} për kërkesën tuaj „{postTitle}”.`],
      button: 'Shiko ofertën',
    }),
    en: (d, l) => ({
      subject: 'New offer on "{postTitle}"',
      heading: 'You have a new offer',
      lines: [`{businessName} sent you an offer of ${money(d.price, l)} for your request "{postTitle}".`],
      button: 'View the offer',
    }),
  },
  offerAccepted: {
    sq: () => ({
      subject: 'Oferta juaj u pranua: „{postTitle}”',
      heading: 'Oferta juaj u pranua',
      lines: ['Klienti pranoi ofertën tuaj për „{postTitle}”. Shkruajini në chat për të vazhduar.'],
      button: 'Hap kërkesën',
    }),
    en: () => ({
      subject: 'Your offer was accepted: "{postTitle}"',
      heading: 'Your offer was accepted',
      lines: ['The client accepted your offer for "{postTitle}". Write to them in the chat to go ahead.'],
      button: 'Open the request',
    }),
  },
  offerDeclined: {
    sq: () => ({
      subject: 'Oferta juaj u refuzua: „{postTitle}”',
      heading: 'Oferta juaj u refuzua',
      lines: ['Klienti refuzoi ofertën tuaj për „{postTitle}”.'],
      button: 'Hap kërkesën',
    }),
    en: () => ({
      subject: 'Your offer was declined: "{postTitle}"',
      heading: 'Your offer was declined',
      lines: ['The client declined your offer for "{postTitle}".'],
      button: 'Open the request',
    }),
  },
  acceptanceCancelled: {
    sq: () => ({
      subject: 'Pranimi i ofertës u anulua: „{postTitle}”',
      heading: 'Pranimi u anulua',
      lines: ['Klienti anuloi pranimin e ofertës suaj për „{postTitle}”. Oferta është sërish në pritje.'],
      button: 'Hap kërkesën',
    }),
    en: () => ({
      subject: 'Acceptance cancelled: "{postTitle}"',
      heading: 'The acceptance was cancelled',
      lines: ['The client cancelled the acceptance of your offer for "{postTitle}". Your offer is pending again.'],
      button: 'Open the request',
    }),
  },
  reviewReceived: {
    sq: (d) => ({
      subject: `Vlerësim i ri: ${d.rating ?? ''}★ për „{postTitle}”`,
      heading: 'Morët një vlerësim',
      lines: [`Klienti ju vlerësoi me ${d.rating ?? ''} yje për „{postTitle}”.`],
      button: 'Shiko profilin',
    }),
    en: (d) => ({
      subject: `New review: ${d.rating ?? ''}★ for "{postTitle}"`,
      heading: 'You received a review',
      lines: [`The client rated your work on "{postTitle}" ${d.rating ?? ''} stars.`],
      button: 'View your profile',
    }),
  },
  requestDeleted: {
    sq: (d) => ({
      subject: d.postTitle ? 'Kërkesa „{postTitle}” u fshi' : 'Një kërkesë u fshi',
      heading: 'Kërkesa u fshi',
      lines: [
        d.postTitle
          ? 'Klienti fshiu kërkesën „{postTitle}” ku kishit bërë ofertë.'
          : 'Klienti fshiu një kërkesë ku kishit bërë ofertë.',
      ],
      button: 'Hap panelin',
    }),
    en: (d) => ({
      subject: d.postTitle ? 'The request "{postTitle}" was deleted' : 'A request was deleted',
      heading: 'A request was deleted',
      lines: [
        d.postTitle
          ? 'The client deleted the request "{postTitle}" you had made an offer on.'
          : 'The client deleted a request you had made an offer on.',
      ],
      button: 'Open your dashboard',
    }),
  },
  requestClosed: {
    sq: (d, l) => ({
      subject: d.closedReason === 'expired' ? 'Kërkesa „{postTitle}” skadoi' : 'Kërkesa „{postTitle}” u mbyll',
      heading: d.closedReason === 'expired' ? 'Kërkesa skadoi' : 'Kërkesa u mbyll',
      lines: [
        d.closedReason === 'expired'
          ? `Kërkesa „{postTitle}” qëndroi e hapur ${POST_OPEN_DAYS} ditë pa u pranuar asnjë ofertë dhe u mbyll.`
          : 'Klienti e mbylli kërkesën „{postTitle}” pa zgjedhur asnjë ofertë.',
        `Oferta juaj prej ${money(d.price, l)} nuk është më në pritje.`,
      ],
      button: 'Hap kërkesën',
    }),
    en: (d, l) => ({
      subject:
        d.closedReason === 'expired' ? 'The request "{postTitle}" expired' : 'The request "{postTitle}" was closed',
      heading: d.closedReason === 'expired' ? 'The request expired' : 'The request was closed',
      lines: [
        d.closedReason === 'expired'
          ? `The request "{postTitle}" was open for ${POST_OPEN_DAYS} days without an accepted offer, so it closed.`
          : 'The client closed the request "{postTitle}" without choosing an offer.',
        `Your offer of ${money(d.price, l)} is no longer pending.`,
      ],
      button: 'Open the request',
    }),
  },
  paymentReceipt: {
    sq: (d, l) => ({
      subject: `Fatura: ${money(d.amount, l, d.currency)}`,
      heading: 'Faleminderit për pagesën',
      lines: [
        `Morëm pagesën tuaj prej ${money(d.amount, l, d.currency)} për ${paidFor(d, l)}. Fatura është te Transaksionet.`,
      ],
      button: 'Shiko transaksionet',
    }),
    en: (d, l) => ({
      subject: `Receipt: ${money(d.amount, l, d.currency)}`,
      heading: 'Thank you for your payment',
      lines: [
        `We received your payment of ${money(d.amount, l, d.currency)} for ${paidFor(d, l)}. The receipt is in Transactions.`,
      ],
      button: 'View transactions',
    }),
  },
  paymentFailed: {
    sq: (d, l) => ({
      subject: `Pagesa prej ${money(d.amount, l, d.currency)} nuk u krye`,
      heading: 'Pagesa nuk u krye',
      lines: [
        `Pagesa juaj prej ${money(d.amount, l, d.currency)} për ${paidFor(d, l)} nuk u krye. ${failure(d, l)} Nuk u tërhoq asnjë para.`,
        'Mund të provoni përsëri me një kartë tjetër.',
      ],
      button: 'Shiko transaksionet',
    }),
    en: (d, l) => ({
      subject: `Your payment of ${money(d.amount, l, d.currency)} did not go through`,
      heading: 'Your payment did not go through',
      lines: [
        `Your payment of ${money(d.amount, l, d.currency)} for ${paidFor(d, l)} did not go through. ${failure(d, l)} No money was taken.`,
        'You can try again with another card.',
      ],
      button: 'View transactions',
    }),
  },
  adRunEnded: {
    sq: (d) => ({
      subject: 'Fushata juaj e sponsorizuar përfundoi',
      heading: 'Fushata juaj përfundoi',
      lines: [
        `Në ${AD_RUN_DAYS} ditë u shfaq ${d.figures?.impressions ?? 0} herë, u klikua ${d.figures?.clicks ?? 0} herë, solli ${d.figures?.profileViews ?? 0} shikime të profilit dhe ${d.figures?.chats ?? 0} biseda.`,
        'Nisni një fushatë të re me të njëjtin shërbim dhe qytete.',
      ],
      button: 'Nise përsëri',
    }),
    en: (d) => ({
      subject: 'Your Sponsored run has ended',
      heading: 'Your Sponsored run has ended',
      lines: [
        `In ${AD_RUN_DAYS} days it was shown ${d.figures?.impressions ?? 0} times, clicked ${d.figures?.clicks ?? 0} times, and brought ${d.figures?.profileViews ?? 0} profile views and ${d.figures?.chats ?? 0} chats.`,
        'Start a new run with the same service and towns.',
      ],
      button: 'Run it again',
    }),
  },
  paymentRefunded: {
    sq: (d, l) => ({
      subject: `Rimbursim: ${money(d.amount, l, d.currency)}`,
      heading: 'Ju rimbursuam',
      lines: [
        `Ju rimbursuam ${money(d.amount, l, d.currency)} për ${paidFor(d, l)}. Paratë kthehen në kartën tuaj brenda disa ditësh.`,
        d.runStop === 'cancel'
          ? 'Ju e anuluat fushatën para se të nisej.'
          : d.runStop === 'stop'
            ? 'Ju e ndalët fushatën: rimbursohen ditët e plota që i kishin mbetur.'
            : 'Arsyeja: „{reason}”',
      ],
      button: 'Shiko transaksionet',
    }),
    en: (d, l) => ({
      subject: `Refund: ${money(d.amount, l, d.currency)}`,
      heading: 'You were refunded',
      lines: [
        `We refunded ${money(d.amount, l, d.currency)} for ${paidFor(d, l)}. The money goes back to your card within a few days.`,
        d.runStop === 'cancel'
          ? 'You cancelled the run before it started.'
          : d.runStop === 'stop'
            ? 'You stopped the run: the whole days it had left are refunded.'
            : 'Reason: "{reason}"',
      ],
      button: 'View transactions',
    }),
  },
  paymentChargedBack: {
    sq: (d, l) => ({
      subject: `Banka ktheu një pagesë: ${money(d.amount, l, d.currency)}`,
      heading: 'Banka juaj ktheu një pagesë',
      lines: [
        `Banka juaj na kërkoi të kthejmë ${money(d.amount, l, d.currency)} për ${paidFor(d, l)} (chargeback), dhe paratë iu kthyen.`,
        'Kur kthehet e gjithë pagesa, ajo që u pagua me të përfundon. Nëse nuk e keni kërkuar ju këtë, na shkruani.',
      ],
      button: 'Shiko transaksionet',
    }),
    en: (d, l) => ({
      subject: `Your bank took back a payment: ${money(d.amount, l, d.currency)}`,
      heading: 'Your bank took back a payment',
      lines: [
        `Your bank asked for ${money(d.amount, l, d.currency)} for ${paidFor(d, l)} to be returned (a chargeback), and it was.`,
        'When the whole payment is taken back, what it paid for ends. If you did not ask for this, write to us.',
      ],
      button: 'View transactions',
    }),
  },
  paymentRestored: {
    sq: (d, l) => ({
      subject: `Kthimi u anulua: ${money(d.amount, l, d.currency)}`,
      heading: 'Pagesa juaj vlen përsëri',
      lines: [
        `Kthimi i ${money(d.amount, l, d.currency)} për ${paidFor(d, l)} u anulua: pagesa vlen përsëri.`,
        'Ajo që paguat (reklama, plani) u rikthye.',
      ],
      button: 'Shiko transaksionet',
    }),
    en: (d, l) => ({
      subject: `A refund was reversed: ${money(d.amount, l, d.currency)}`,
      heading: 'Your payment counts again',
      lines: [
        `The return of ${money(d.amount, l, d.currency)} for ${paidFor(d, l)} was reversed: the payment counts again.`,
        'What you paid for (the ad, the plan) is back.',
      ],
      button: 'View transactions',
    }),
  },
  verificationDecided: {
    sq: (d) =>
      d.approved
        ? {
            subject: 'Biznesi juaj u verifikua',
            heading: 'Biznesi juaj është i verifikuar',
            lines: [
              'Një moderator kontrolloi NIPT-in tuaj. Klientët tani shohin shenjën „I verifikuar” pranë emrit tuaj.',
            ],
            button: 'Shiko verifikimin',
          }
        : {
            subject: 'Kërkesa juaj për verifikim u refuzua',
            heading: 'Kërkesa për verifikim u refuzua',
            lines: ['Arsyeja e moderatorit: {reason}', 'Mund ta kërkoni përsëri me një dokument tjetër.'],
            button: 'Kërkoje përsëri',
          },
    en: (d) =>
      d.approved
        ? {
            subject: 'Your business is verified',
            heading: 'Your business is verified',
            lines: ['A moderator checked your NIPT. Clients now see the "Verified" badge next to your name.'],
            button: 'View your verification',
          }
        : {
            subject: 'Your verification request was refused',
            heading: 'Your verification request was refused',
            lines: ["The moderator's reason: {reason}", 'You can ask again with another document.'],
            button: 'Ask again',
          },
  },
  chatUnread: {
    sq: () => ({
      subject: 'Mesazh i palexuar nga {senderName}',
      heading: 'Keni mesazhe të palexuara',
      lines: ['{senderName} ju shkroi në chat dhe mesazhi nuk është lexuar ende.'],
      button: 'Hap chat-in',
    }),
    en: () => ({
      subject: 'Unread message from {senderName}',
      heading: 'You have unread messages',
      lines: ['{senderName} wrote to you in the chat and the message is still unread.'],
      button: 'Open the chat',
    }),
  },
  leadDigest: {
    sq: (d) => ({
      subject: `${d.posts?.length ?? 0} kërkesa të reja për ju (${d.day ?? ''})`,
      heading: 'Kërkesat e reja të ditës',
      lines: ['Këto kërkesa në shërbimet dhe qytetet tuaja u postuan dje:'],
      button: 'Shiko kërkesat',
    }),
    en: (d) => ({
      subject: `${d.posts?.length ?? 0} new requests for you (${d.day ?? ''})`,
      heading: "The day's new requests",
      lines: ['These requests in your services and towns were posted yesterday:'],
      button: 'View the requests',
    }),
  },
  counterOffer: {
    sq: (d, l) => ({
      subject: `Kundërofertë për „{postTitle}”: ${money(d.price, l)}`,
      heading: 'Klienti ju propozon kushte të tjera',
      lines: [
        `Klienti propozon ${money(d.price, l)}${d.startDate ? ` me fillim më ${d.startDate}` : ''} për ofertën tuaj te „{postTitle}”.`,
        'Pranojeni, refuzojeni ose dërgoni një ofertë të rishikuar.',
      ],
      button: 'Përgjigjuni',
    }),
    en: (d, l) => ({
      subject: `Counter-offer on "{postTitle}": ${money(d.price, l)}`,
      heading: 'The client proposes other terms',
      lines: [
        `The client proposes ${money(d.price, l)}${d.startDate ? `, starting on ${d.startDate},` : ''} for your offer on "{postTitle}".`,
        'Accept it, decline it or send a revised offer.',
      ],
      button: 'Answer',
    }),
  },
  negotiationAnswer: {
    sq: (d, l) => ({
      subject:
        d.answer === 'accept'
          ? '{businessName} pranoi kundërofertën tuaj'
          : d.answer === 'decline'
            ? '{businessName} refuzoi kundërofertën tuaj'
            : '{businessName} rishikoi ofertën e saj',
      heading:
        d.answer === 'accept'
          ? 'Marrëveshja u bë'
          : d.answer === 'decline'
            ? 'Kundëroferta u refuzua'
            : 'Ofertë e rishikuar',
      lines: [
        d.answer === 'accept'
          ? `{businessName} pranoi ${money(d.price, l)} për „{postTitle}”. Oferta është e pranuar.`
          : d.answer === 'decline'
            ? `{businessName} mban ofertën e saj prej ${money(d.price, l)} për „{postTitle}”. Pranojeni, refuzojeni ose propozoni tjetër.`
            : `{businessName} ju dërgoi një ofertë të re prej ${money(d.price, l)} për „{postTitle}”. Pranojeni, refuzojeni ose propozoni tjetër.`,
      ],
      button: 'Shiko ofertën',
    }),
    en: (d, l) => ({
      subject:
        d.answer === 'accept'
          ? '{businessName} accepted your counter-offer'
          : d.answer === 'decline'
            ? '{businessName} declined your counter-offer'
            : '{businessName} revised its offer',
      heading:
        d.answer === 'accept'
          ? 'You have a deal'
          : d.answer === 'decline'
            ? 'Counter-offer declined'
            : 'A revised offer',
      lines: [
        d.answer === 'accept'
          ? `{businessName} accepted ${money(d.price, l)} for "{postTitle}". The offer is accepted.`
          : d.answer === 'decline'
            ? `{businessName} keeps its offer of ${money(d.price, l)} for "{postTitle}". Accept it, decline it or propose another.`
            : `{businessName} sent you a revised offer of ${money(d.price, l)} for "{postTitle}". Accept it, decline it or propose another.`,
      ],
      button: 'View the offer',
    }),
  },
  planStarted: {
    sq: (d) => ({
      subject: `Plani ${planNames.sq(d.plan)} filloi`,
      heading: `Mirë se vini në planin ${planNames.sq(d.plan)}`,
      lines: [
        planGives.sq(d.plan),
        'Plani rinovohet çdo muaj; mund ta ndryshoni ose anuloni kur të doni te Plani dhe pagesat.',
      ],
      button: 'Shiko planin',
    }),
    en: (d) => ({
      subject: `Your ${planNames.en(d.plan)} plan has started`,
      heading: `Welcome to ${planNames.en(d.plan)}`,
      lines: [planGives.en(d.plan), 'It renews every month; change or cancel it any time in Plan and billing.'],
      button: 'View your plan',
    }),
  },
  planPaymentFailed: {
    sq: (d, l) => ({
      subject: `Pagesa mujore e planit ${planNames.sq(d.plan)} nuk u krye`,
      heading: 'Përditësoni kartën tuaj',
      lines: [
        `Pagesa për rinovimin e planit ${planNames.sq(d.plan)} nuk u krye. Plani mbetet deri më ${day(d.graceEndsAt, l)} ndërsa e provojmë kartën përsëri.`,
        'Jepni një kartë tjetër te Plani dhe pagesat; pa pagesë deri atëherë, kaloni te plani Bazë (asgjë nuk fshihet).',
      ],
      button: 'Përditëso kartën',
    }),
    en: (d, l) => ({
      subject: `The monthly payment of your ${planNames.en(d.plan)} plan did not go through`,
      heading: 'Please update your card',
      lines: [
        `The renewal of your ${planNames.en(d.plan)} plan was declined. You keep the plan until ${day(d.graceEndsAt, l)} while the card is tried again.`,
        'Give another card in Plan and billing; without a payment by then you move to Basic (nothing is deleted).',
      ],
      button: 'Update your card',
    }),
  },
  planCancelled: {
    sq: (d, l) => ({
      subject: `Plani ${planNames.sq(d.plan)} u anulua`,
      heading: 'Plani juaj u anulua',
      lines: [
        `Plani ${planNames.sq(d.plan)} mbetet deri më ${day(d.effectiveAt, l)}; pas kësaj jeni në planin Bazë dhe nuk paguani më. Asgjë nuk fshihet.`,
        'Ndërroni mendje? Zgjidhni sërish planin te Plani dhe pagesat para kësaj date.',
      ],
      button: 'Shiko planin',
    }),
    en: (d, l) => ({
      subject: `Your ${planNames.en(d.plan)} plan is cancelled`,
      heading: 'Your plan is cancelled',
      lines: [
        `You keep ${planNames.en(d.plan)} until ${day(d.effectiveAt, l)}; then you are on Basic and pay nothing more. Nothing is deleted.`,
        'Changed your mind? Keep the plan in Plan and billing before that date.',
      ],
      button: 'View your plan',
    }),
  },
  planDowngraded: {
    sq: (d) => ({
      subject: `Tani jeni në planin ${planNames.sq(d.plan)}`,
      heading: `Plani juaj tani është ${planNames.sq(d.plan)}`,
      lines: [
        d.endReason === 'paymentFailed'
          ? `Pagesa e rinovimit nuk u krye brenda afatit, ndaj plani ${planNames.sq(d.fromPlan)} mbaroi.`
          : `Plani ${planNames.sq(d.fromPlan)} mbaroi siç e kërkuat.`,
        `${planGives.sq(d.plan)} Ofertat, fotot dhe vlerësimet tuaja mbeten të gjitha.`,
      ],
      button: 'Shiko planin',
    }),
    en: (d) => ({
      subject: `You are now on ${planNames.en(d.plan)}`,
      heading: `Your plan is now ${planNames.en(d.plan)}`,
      lines: [
        d.endReason === 'paymentFailed'
          ? `The renewal was not paid in time, so your ${planNames.en(d.fromPlan)} plan ended.`
          : `Your ${planNames.en(d.fromPlan)} plan ended as you asked.`,
        `${planGives.en(d.plan)} Your offers, pictures and reviews all stay.`,
      ],
      button: 'View your plan',
    }),
  },
  monthlyReport: {
    sq: (d) => ({
      subject: `Statistikat e ${monthName(d.month, 'sq')}`,
      heading: `Muaji juaj: ${monthName(d.month, 'sq')}`,
      lines: [
        `Profili juaj u shikua ${d.views ?? 0} herë. Dërguat ${d.offers ?? 0} oferta dhe klientët pranuan ${d.accepted ?? 0}${rate(d)}.`,
      ],
      button: 'Shiko statistikat',
    }),
    en: (d) => ({
      subject: `Your statistics for ${monthName(d.month, 'en')}`,
      heading: `Your month: ${monthName(d.month, 'en')}`,
      lines: [
        `Your profile was viewed ${d.views ?? 0} times. You sent ${d.offers ?? 0} offers and clients accepted ${d.accepted ?? 0}${rate(d)}.`,
      ],
      button: 'View your statistics',
    }),
  },
  newLead: {
    sq: () => ({
      subject: 'Kërkesë e re në {town}: „{postTitle}”',
      heading: 'Një kërkesë e re për ju',
      lines: ['Një klient në {town} kërkon „{postTitle}”, në shërbimet tuaja.'],
      button: 'Shiko kërkesën',
    }),
    en: () => ({
      subject: 'New request in {town}: "{postTitle}"',
      heading: 'A new request for you',
      lines: ['A client in {town} is asking for "{postTitle}", one of your services.'],
      button: 'View the request',
    }),
  },
  ideaRequest: {
    sq: () => ({
      subject: 'Një klient kërkon oferta si një nga idetë tuaja: „{postTitle}”',
      heading: 'Ju ftojnë të parët',
      lines: [
        'Një klient në {town} pa një foto të punës suaj te Idetë dhe kërkon diçka të ngjashme: „{postTitle}”.',
        'Ju jeni biznesi i parë që e merr këtë kërkesë. Edhe bizneset e tjera mund të dërgojnë oferta, ndaj përgjigjuni sa më shpejt.',
      ],
      button: 'Shiko kërkesën',
    }),
    en: () => ({
      subject: 'A client asks for offers like one of your ideas: "{postTitle}"',
      heading: 'You are invited first',
      lines: [
        'A client in {town} saw a picture of your work among the Ideas and is asking for something like it: "{postTitle}".',
        'You are the first business to get this request. Other businesses can offer too, so answer soon.',
      ],
      button: 'View the request',
    }),
  },
};

const FOOTER: Record<EmailLanguage, { why: string; unsubscribe: string; settings: string }> = {
  sq: {
    why: `Këtë email e morët sepse keni një llogari në ${BRAND.name}.`,
    unsubscribe: 'Mos më dërgoni më email të këtij lloji',
    settings: 'Ndryshoni njoftimet te Cilësimet',
  },
  en: {
    why: `You received this email because you have an ${BRAND.name} account.`,
    unsubscribe: 'Stop emails of this kind',
    settings: 'Change your notifications in Settings',
  },
};

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Puts the values of `d` into `{name}` placeholders, each through `encode`. */
const fill = (template: string, d: NotificationData, encode: (s: string) => string) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encode(String((d as Record<string, unknown>)[name] ?? '')));

/** Subjects are one line: no line breaks from a title reach the header. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * The same notification as a short text (a push message's title and body): the email's subject and its
 * paragraphs, plain, so each kind's words exist once per language.
 */
export function notificationText(
  kind: NotificationKind,
  data: NotificationData,
  lang: EmailLanguage,
): { title: string; body: string } {
  const t = TEMPLATES[kind][lang](data, lang);
  return {
    title: oneLine(fill(t.subject, data, (s) => s)),
    body: oneLine(t.lines.map((l) => fill(l, data, (s) => s)).join(' ')),
  };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderEmail(
  kind: NotificationKind,
  data: NotificationData,
  lang: EmailLanguage,
  links: { page: string; unsubscribe: string; settings: string; items?: { text: string; url: string }[] },
): RenderedEmail {
  const items = links.items ?? [];
  const t = TEMPLATES[kind][lang](data, lang);
  const f = FOOTER[lang];
  const subject = oneLine(fill(t.subject, data, (s) => s));
  const text = [
    t.heading,
    '',
    ...t.lines.map((l) => fill(l, data, (s) => s)),
    ...items.map((i) => `- ${i.text}: ${i.url}`),
    '',
    `${t.button}: ${links.page}`,
    '',
    '--',
    f.why,
    `${f.unsubscribe}: ${links.unsubscribe}`,
    `${f.settings}: ${links.settings}`,
  ].join('\n');
  const e = escapeHtml;
  const html = emailHtml({
    lang,
    subject,
    heading: t.heading,
    paragraphsHtml: [
      ...t.lines.map((l) => fill(e(l), data, e)),
      ...(items.length
        ? [
            `<ul style="margin:0;padding-left:20px">${items.map((i) => `<li><a href="${e(i.url)}" style="color:${DESIGN_TOKENS['--color-primary']}">${e(i.text)}</a></li>`).join('')}</ul>`,
          ]
        : []),
    ],
    button: { text: t.button, url: links.page },
    footerHtml: `${e(f.why)}<br><a href="${e(links.unsubscribe)}" style="color:${DESIGN_TOKENS['--color-text-muted']}">${e(f.unsubscribe)}</a> · <a href="${e(links.settings)}" style="color:${DESIGN_TOKENS['--color-text-muted']}">${e(f.settings)}</a>`,
  });
  return { subject, html, text };
}

/**
 * The product's email frame (every email the product sends: the notifier's and the privacy emails of
 * lambdas/privacy/emails.ts): the brand bar, a heading, paragraphs (HTML, values escaped by the caller), a button
 * with its address written out below, and a footer.
 */
export function emailHtml(m: {
  lang: EmailLanguage;
  subject: string;
  heading: string;
  paragraphsHtml: string[];
  button: { text: string; url: string };
  footerHtml: string;
}): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${m.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(m.subject)}</title></head>
<body style="margin:0;background:${DESIGN_TOKENS['--color-bg']};font-family:Helvetica,Arial,sans-serif;color:${DESIGN_TOKENS['--color-text']}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${DESIGN_TOKENS['--color-bg']};padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:${DESIGN_TOKENS['--color-surface']};border:1px solid ${DESIGN_TOKENS['--color-border']};border-radius:12px">
<tr><td style="background:${DESIGN_TOKENS['--color-brand']};border-radius:12px 12px 0 0;padding:16px 24px;color:${DESIGN_TOKENS['--color-on-primary']};font-size:20px;font-weight:bold">${BRAND.name}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:${DESIGN_TOKENS['--color-text']}">${e(m.heading)}</h1>
${m.paragraphsHtml.map((p) => `<div style="margin:0 0 16px;font-size:16px;line-height:1.5">${p}</div>`).join('\n')}
<p style="margin:24px 0"><a href="${e(m.button.url)}" style="display:inline-block;background:${DESIGN_TOKENS['--color-primary']};color:${DESIGN_TOKENS['--color-on-primary']};text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${e(m.button.text)}</a></p>
<p style="margin:0;font-size:13px;color:${DESIGN_TOKENS['--color-text-muted']};word-break:break-all"><a href="${e(m.button.url)}" style="color:${DESIGN_TOKENS['--color-primary']}">${e(m.button.url)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${DESIGN_TOKENS['--color-border']};font-size:12px;color:${DESIGN_TOKENS['--color-text-muted']}">
${m.footerHtml}
</td></tr></table></td></tr></table></body></html>`;
}

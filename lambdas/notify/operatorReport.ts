/**
 * The operators' weekly email (docs/operator-figures.md): every Monday (an EventBridge schedule in the cloud;
 * `npm run operator:report` locally) for the week that just ended, or for `{ week: 'YYYY-MM-DD' }`. Each member of the
 * pool's operator group gets, in the language of its account (Albanian unless it chose English), the week's headline
 * figures with their change from the week before, and the five town and service pairs with the most requests not
 * answered within 24 hours. Reads one Query of the country's weeks and one of the week's grid.
 *
 * Sent once per operator and week: a marker `OPSMAIL#{week}` / `{sub}` is put (condition: not there) before sending,
 * and taken away again when the send fails, so a repeated run (a retry, a second schedule) sends nothing twice and the
 * retry sends what failed. The words are the web app's (common/i18n/catalog/{sq,en}/operator.ts, services.ts).
 */
import { DESIGN_TOKENS } from '../../common/designTokens';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  OPERATOR_EMAIL_WORST_CELLS,
  OPERATOR_FIGURES,
  OPERATOR_GROUP,
  addWeeks,
  figureChange,
  figureValueText,
  figureValues,
  weekEndOf,
  worstCells,
  type FigureTextId,
  type FigureWords,
  type OperatorFigureId,
} from '../../common/operatorFigures';
import { weekStartOf } from '../../common/moderation';
import { DEFAULT_EMAIL_LANGUAGE, type EmailLanguage } from '../../common/notifications';
import { moneyOptions } from '../../common/money';
import { chargeCurrencyOf } from '../../common/payments';
import { operator as operatorEn } from '../../common/i18n/catalog/en/operator';
import { operator as operatorSq } from '../../common/i18n/catalog/sq/operator';
import { ddb, table } from '../data/client';
import { keys } from '../model/keys';
import { getAccount } from '../data/accounts';
import { getBusinessById, getUserById } from '../data/users';
import { readGrid, readWeeks } from '../data/operatorFigures';
import { config } from '../lib/config';
import { createLogger } from '../lib/log';
import { groupMembers } from '../lib/userPool';
import { fill, serviceName } from '../site/messages';
import { escapeHtml } from './emails';
import { BRAND } from '../../common/brand';
import { linkConfig } from './deliver';
import { sendMail } from './mailer';
import { conditionalWrite } from '../data/transact';

type OperatorTextId = keyof typeof operatorEn;
const TEXTS: Record<EmailLanguage, Record<OperatorTextId, string>> = { en: operatorEn, sq: operatorSq };
const locale = (lang: EmailLanguage) => (lang === 'sq' ? 'sq-AL' : 'en-GB');

const text = (lang: EmailLanguage, id: OperatorTextId, values: Record<string, string | number> = {}) =>
  fill(lang, TEXTS[lang][id], values);

const wordsOf = (lang: EmailLanguage): FigureWords => ({
  number: (n, options) => new Intl.NumberFormat(locale(lang), options).format(n),
  text: (id: FigureTextId, values) => text(lang, id, values),
  // Money as the payments were charged (common/payments.ts): a stage shown in lek charges euros.
  money: (n) =>
    new Intl.NumberFormat(locale(lang), moneyOptions(chargeCurrencyOf(config.currency), n % 1 ? 2 : 0)).format(n),
});

const dayText = (lang: EmailLanguage, day: string) =>
  new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** What the email says of a week (the same for every operator; each reads it in its language). */
export interface WeekReport {
  weekStart: string;
  figures: { id: OperatorFigureId; value: number | null; previous: number | null }[];
  worst: { town: string; service: string; requests: number; answeredWithin24h: number }[];
}

export async function weekReport(weekStart: string): Promise<WeekReport> {
  const [previous, week] = await readWeeks({}, [addWeeks(weekStart, -1), weekStart]);
  const [now, before] = [figureValues(week), figureValues(previous)];
  const cells = await readGrid(weekStart);
  return {
    weekStart,
    figures: OPERATOR_FIGURES.filter((f) => f.headline).map((f) => ({
      id: f.id,
      value: now[f.id],
      previous: before[f.id],
    })),
    worst: worstCells(cells, OPERATOR_EMAIL_WORST_CELLS).map(({ town, service, requests, answeredWithin24h }) => ({
      town,
      service,
      requests,
      answeredWithin24h,
    })),
  };
}

export interface RenderedReport {
  subject: string;
  html: string;
  text: string;
}

/** The email of a week in one language: the headline figures and the worst cells, as HTML and plain text. */
export function renderReport(report: WeekReport, lang: EmailLanguage): RenderedReport {
  const words = wordsOf(lang);
  const e = escapeHtml;
  const date = dayText(lang, report.weekStart);
  const subject = text(lang, 'operator.email.subject', { date });
  const heading = text(lang, 'operator.email.heading', { date, end: dayText(lang, weekEndOf(report.weekStart)) });
  const link = `${linkConfig.appUrl}/operator?week=${report.weekStart}`;
  const rows = report.figures.map((f) => {
    const definition = OPERATOR_FIGURES.find((d) => d.id === f.id)!;
    return {
      name: text(lang, `operator.figure.${f.id}`),
      value: figureValueText(definition.unit, f.value, words),
      change: figureChange(definition, f.value, f.previous, words),
      /** A figure that cannot be said this week has no change to tell either. */
      said: f.value !== null,
    };
  });
  const cells = report.worst.map((c) => ({
    place: `${c.town} · ${serviceName(lang, c.service)}`,
    detail: text(lang, 'operator.grid.cell', {
      share: words.number(c.answeredWithin24h / c.requests, { style: 'percent', maximumFractionDigits: 0 }),
      answered: c.answeredWithin24h,
      requests: c.requests,
    }),
  }));
  const plain = [
    heading,
    '',
    text(lang, 'operator.email.figures'),
    ...rows.map((r) => `- ${r.name}: ${r.value}${r.said ? ` (${r.change.text})` : ''}`),
    '',
    text(lang, 'operator.email.worst'),
    ...(cells.length ? cells.map((c) => `- ${c.place}: ${c.detail}`) : [text(lang, 'operator.email.noWorst')]),
    '',
    `${text(lang, 'operator.email.button')}: ${link}`,
    '',
    '--',
    text(lang, 'operator.email.why'),
  ].join('\n');
  const tone = (t: string) =>
    DESIGN_TOKENS[t === 'good' ? '--color-success' : t === 'bad' ? '--color-danger' : '--color-text-muted'];
  const cell = `padding:8px 0;border-top:1px solid ${DESIGN_TOKENS['--color-border']};font-size:15px`;
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;background:${DESIGN_TOKENS['--color-bg']};font-family:Helvetica,Arial,sans-serif;color:${DESIGN_TOKENS['--color-text']}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${DESIGN_TOKENS['--color-bg']};padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:${DESIGN_TOKENS['--color-surface']};border:1px solid ${DESIGN_TOKENS['--color-border']};border-radius:12px">
<tr><td style="background:${DESIGN_TOKENS['--color-brand']};border-radius:12px 12px 0 0;padding:16px 24px;color:${DESIGN_TOKENS['--color-on-primary']};font-size:20px;font-weight:bold">${BRAND.name}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:${DESIGN_TOKENS['--color-text']}">${e(heading)}</h1>
<h2 style="margin:0 0 8px;font-size:16px">${e(text(lang, 'operator.email.figures'))}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">
${rows
  .map(
    (r) =>
      `<tr><td style="${cell}">${e(r.name)}</td><td style="${cell};text-align:right;font-weight:bold">${e(r.value)}</td><td style="${cell};text-align:right;color:${tone(r.change.tone)}">${r.said ? e(r.change.text) : ''}</td></tr>`,
  )
  .join('\n')}
</table>
<h2 style="margin:0 0 8px;font-size:16px">${e(text(lang, 'operator.email.worst'))}</h2>
${
  cells.length
    ? `<ol style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.6">${cells.map((c) => `<li><strong>${e(c.place)}</strong>: ${e(c.detail)}</li>`).join('')}</ol>`
    : `<p style="margin:0 0 16px;font-size:15px">${e(text(lang, 'operator.email.noWorst'))}</p>`
}
<p style="margin:24px 0"><a href="${e(link)}" style="display:inline-block;background:${DESIGN_TOKENS['--color-primary']};color:${DESIGN_TOKENS['--color-on-primary']};text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${e(text(lang, 'operator.email.button'))}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${DESIGN_TOKENS['--color-border']};font-size:12px;color:${DESIGN_TOKENS['--color-text-muted']}">${e(text(lang, 'operator.email.why'))}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text: plain };
}

/** The language of an operator's account (its client or business record), Albanian unless it chose English. */
async function languageOf(sub: string): Promise<EmailLanguage> {
  const account = await getAccount(sub);
  if (!account) return DEFAULT_EMAIL_LANGUAGE;
  const record = account.role === 'business' ? await getBusinessById(account.id) : await getUserById(account.id);
  return record?.language === 'en' ? 'en' : DEFAULT_EMAIL_LANGUAGE;
}

/** Sends the week's email to every operator that has not had it; answers how many there are and how many got it now. */
export async function runOperatorReport(weekStart: string): Promise<{ operators: number; sent: number }> {
  const report = await weekReport(weekStart);
  const operators = await groupMembers(OPERATOR_GROUP);
  const rendered = new Map<EmailLanguage, RenderedReport>();
  const failures: unknown[] = [];
  let sent = 0;
  for (const { sub, email } of operators) {
    if (!email) continue;
    const marker = keys.operatorReportSent(weekStart, sub);
    const claimed = await conditionalWrite(
      new PutCommand({
        TableName: table(),
        Item: { ...marker, sentAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    if (!claimed) continue;
    try {
      const lang = await languageOf(sub);
      if (!rendered.has(lang)) rendered.set(lang, renderReport(report, lang));
      await sendMail({ to: email, ...rendered.get(lang)! });
      sent++;
    } catch (err) {
      await ddb().send(new DeleteCommand({ TableName: table(), Key: marker }));
      failures.push(err);
    }
  }
  // Every operator was tried; a failure fails the run, so the schedule's retry sends what is left.
  if (failures.length) throw new AggregateError(failures, `${failures.length} operator emails failed`);
  return { operators: operators.length, sent };
}

/** The Monday of the week before the one `now` falls in (the week that just ended). */
export const lastWeek = (now: Date) => addWeeks(weekStartOf(now), -1);

export const handler = async (event: { week?: string } = {}) => {
  const week =
    typeof event.week === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(event.week)
      ? weekStartOf(`${event.week}T00:00:00Z`)
      : lastWeek(new Date());
  const result = await runOperatorReport(week);
  createLogger({ handler: 'operatorReport' }).info('Operator report sent', { week, ...result });
  return result;
};

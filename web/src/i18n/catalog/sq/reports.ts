import type { reports as en } from '../en/reports';
import type { Translation } from '../../../../../common/i18n/catalog/types';

export const reports: Translation<typeof en> = {
  'reports.report.button': 'Raporto',
  'reports.report.done': 'U raportua',
  'reports.report.title.post': 'Raporto këtë kërkesë',
  'reports.report.title.business': 'Raporto këtë biznes',
  'reports.report.title.review': 'Raporto këtë vlerësim',
  'reports.report.title.chatMessage': 'Raporto këtë mesazh',
  'reports.report.title.idea': 'Raporto këtë foto',
  'reports.report.reason': 'Arsyeja',
  'reports.report.note': 'Shënim për moderatorët (jo i detyrueshëm)',
  'reports.report.noteHint': '{count} nga {max} karaktere',
  'reports.report.submit': 'Dërgo raportimin',
  'reports.report.sending': 'Po dërgohet...',
  'reports.report.cancel': 'Anulo',
  'reports.report.sent': 'Faleminderit. Moderatorët tanë do ta shqyrtojnë raportimin tuaj.',
  'reports.report.already': 'E keni raportuar tashmë. Moderatorët tanë do ta shqyrtojnë.',
  'reports.reason.spam': 'Spam ose reklamë',
  'reports.reason.fraud': 'Mashtrim ose zhvatje',
  'reports.reason.abusive': 'Fyerje ose kërcënim',
  'reports.reason.inappropriate': 'Përmbajtje e papërshtatshme',
  'reports.reason.fake': 'E rreme ose çorientuese',
  'reports.reason.other': 'Diçka tjetër',
  'reports.hidden.notice': 'Fshehur nga moderimi: {reason}',
  'reports.hidden.detail': 'Që nga {date} e shihni vetëm ju dhe moderatorët.',
};

/**
 * `npm run digest [YYYY-MM-DD]`: sends the daily lead digest on the running `npm start` stack (the cloud
 * runs it on a schedule), for the given UTC day or yesterday. The emails land in the local inbox.
 */
import { pointAtLocalTable } from './localTable';

const info = pointAtLocalTable();
Object.assign(process.env, {
  MAIL_TRANSPORT: 'smtp',
  SMTP_HOST: info.mail.smtpHost,
  SMTP_PORT: String(info.mail.smtpPort),
  MAIL_FROM: 'Marketplace <no-reply@marketplace.local>',
  APP_URL: info.notifier.appUrl,
  API_URL: info.apiUrl,
  UNSUBSCRIBE_SECRET: info.notifier.unsubscribeSecret,
  LOG_LEVEL: 'silent',
});
const { handler } = await import('../lambdas/notify/digest');
const result = await handler({ day: process.argv[2] });
console.log(`Lead digest: ${result.requests} requests to ${result.businesses} businesses. See ${info.mail.webUrl}`);

/**
 * `npm run operator:report [YYYY-MM-DD]`: sends the operators' weekly email on the running `npm start` stack (the
 * cloud runs it every Monday), for the week of the given day or the week that just ended. The emails land in the
 * local inbox; an operator who had that week's email already gets nothing again.
 */
import { LOCAL_MAIL_FROM } from '../bin/local/stack';
import { pointAtLocalTable } from './localTable';

const info = pointAtLocalTable();
Object.assign(process.env, {
  MAIL_TRANSPORT: 'smtp',
  SMTP_HOST: info.mail.smtpHost,
  SMTP_PORT: String(info.mail.smtpPort),
  MAIL_FROM: LOCAL_MAIL_FROM,
  APP_URL: info.notifier.appUrl,
  USER_POOL_ID: info.userPoolId,
  COGNITO_ENDPOINT: info.authEndpoint,
  LOG_LEVEL: 'silent',
});
const { handler } = await import('../lambdas/notify/operatorReport');
const result = await handler({ week: process.argv[2] });
console.log(`Operator report: sent to ${result.sent} of ${result.operators} operators. See ${info.mail.webUrl}`);

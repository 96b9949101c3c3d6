/**
 * The one module that sends email. Which way is configuration only (env MAIL_TRANSPORT):
 * - `smtp` (npm start and the tests): SMTP to SMTP_HOST:SMTP_PORT, the local MailDev inbox;
 * - `ses` (the cloud, the default): Amazon SES v2 SendEmail with the stage's configuration set
 *   (SES_CONFIGURATION_SET), whose bounce and complaint events stop mail to a bad address.
 * The sender is MAIL_FROM in both; both carry the same parts: subject, HTML, plain text and headers
 * (List-Unsubscribe, List-Unsubscribe-Post).
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { awsClientOptions } from '../lib/dependencies';
import { traceClient } from '../lib/tracing';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export type MailTransport = 'smtp' | 'ses';

export const mailConfig = {
  get transport(): MailTransport {
    return process.env.MAIL_TRANSPORT === 'smtp' ? 'smtp' : 'ses';
  },
  get from() {
    const from = process.env.MAIL_FROM;
    if (!from) throw new Error('Missing environment variable MAIL_FROM');
    return from;
  },
  get smtpHost() {
    return process.env.SMTP_HOST ?? '127.0.0.1';
  },
  get smtpPort() {
    return Number(process.env.SMTP_PORT ?? 1025);
  },
  get configurationSet() {
    return process.env.SES_CONFIGURATION_SET || undefined;
  },
};

// nodemailer speaks SMTP locally; it is not part of the cloud path (SES builds the MIME message itself).
type Nodemailer = typeof import('nodemailer');
const loadNodemailer = async (): Promise<Nodemailer> => {
  const m: unknown = await import('nodemailer');
  return ((m as { default?: Nodemailer }).default ?? m) as Nodemailer;
};

let ses: SESv2Client | undefined;
type SmtpTransport = ReturnType<Nodemailer['createTransport']>;
let smtp: { key: string; transport: SmtpTransport } | undefined;

/** Sends one message; throws when it was not accepted (the caller retries). Answers the message id. */
export async function sendMail(mail: OutgoingMail): Promise<string | undefined> {
  if (mailConfig.transport === 'smtp') {
    const key = `${mailConfig.smtpHost}:${mailConfig.smtpPort}`;
    if (smtp?.key !== key) {
      const nm = await loadNodemailer();
      smtp = {
        key,
        transport: nm.createTransport({
          host: mailConfig.smtpHost,
          port: mailConfig.smtpPort,
          secure: false,
          ignoreTLS: true,
          connectionTimeout: 5000,
          greetingTimeout: 5000,
          socketTimeout: 10_000,
        }),
      };
    }
    const info = await smtp.transport.sendMail({
      from: mailConfig.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
    });
    return info.messageId;
  }
  ses ??= traceClient(new SESv2Client(awsClientOptions()));
  const out = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: mailConfig.from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
          Headers: Object.entries(mail.headers ?? {}).map(([Name, Value]) => ({ Name, Value })),
        },
      },
      ConfigurationSetName: mailConfig.configurationSet,
    }),
  );
  return out.MessageId;
}

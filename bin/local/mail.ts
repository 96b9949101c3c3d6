/**
 * The local inbox: MailDev (from npm) runs a real SMTP server and a web inbox with a REST API
 * (`GET {apiUrl}/email` lists the messages). The notifier and the user pool's codes send to it
 * through SMTP, as the cloud sends through SES (lambdas/notify/mailer.ts).
 */
import { mkdirSync } from 'node:fs';
import { MailDev } from 'maildev';

export interface LocalMail {
  smtpHost: string;
  smtpPort: number;
  /** The web inbox a person opens. */
  webUrl: string;
  /** MailDev's REST API: `GET {apiUrl}/email` lists the messages, `DELETE {apiUrl}/email/all` empties the inbox. */
  apiUrl: string;
  stop: () => Promise<void>;
}

export async function startMail(opts: { smtpPort: number; webPort: number; dataDir: string }): Promise<LocalMail> {
  mkdirSync(opts.dataDir, { recursive: true });
  const maildev = new MailDev({
    smtp: opts.smtpPort,
    web: opts.webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    mailDirectory: opts.dataDir,
    silent: true,
  });
  // MailDev prints one line when its web server is up even when silent; keep npm start's output ours.
  const info = console.info;
  console.info = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('MailDev')) info(...args);
  };
  try {
    await maildev.start();
  } finally {
    console.info = info;
  }
  const webUrl = `http://127.0.0.1:${opts.webPort}`;
  return {
    smtpHost: '127.0.0.1',
    smtpPort: opts.smtpPort,
    webUrl,
    apiUrl: `${webUrl}/api`,
    stop: () => maildev.stop(),
  };
}

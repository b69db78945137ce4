import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { makeTreePrivate, privateDirectory, writePrivateFile } from '@kaja/config';
import nodemailer from 'nodemailer';
import { type MailMessage } from '@kaja/zone-writes';
import type { FastifyBaseLogger } from 'fastify';

export type { MailMessage };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer({ smtpUrl, from, dataDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  // The outbox holds live verification and reset links: its owner's eyes only.
  const outbox = join(dataDir, 'outbox');
  if (existsSync(outbox)) makeTreePrivate(outbox);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      privateDirectory(dataDir);
      privateDirectory(outbox);
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '').slice(0, 16)}.eml`);
      writePrivateFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}

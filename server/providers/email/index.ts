import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import { createOutbox } from '../outbox';
import { createSmtpEmail } from './smtp';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailProvider {
  readonly name: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
}

export function createEmailProvider(config: Config, logger: Logger): EmailProvider {
  if (config.SMTP_URL) return createSmtpEmail({ url: config.SMTP_URL, from: config.MAIL_FROM });
  const outbox = createOutbox(config.dataDir, 'email', logger);
  return { name: 'outbox', send: (message) => outbox.append(message) };
}

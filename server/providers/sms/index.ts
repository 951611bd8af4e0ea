import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import { createOutbox } from '../outbox';
import { createTwilioSms } from './twilio';

export interface SmsMessage {
  /** E.164 number, e.g. +15555550100. */
  to: string;
  text: string;
  /** The one-time code, when the message carries one (kept in the outbox for local use). */
  code?: string;
}

export interface SmsProvider {
  readonly name: 'twilio' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}

export function createSmsProvider(config: Config, logger: Logger): SmsProvider {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM_NUMBER) {
    return createTwilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM_NUMBER,
      baseUrl: config.TWILIO_BASE_URL,
    });
  }
  const outbox = createOutbox(config.dataDir, 'sms', logger);
  return { name: 'outbox', send: (message) => outbox.append(message) };
}

import { AppError } from '../../lib/errors';
import type { SmsProvider } from './index';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
  fetch?: typeof fetch;
}

export const SMS_SEND_FAILED_MESSAGE = 'Error al enviar el código';

/** Twilio's Messages API over plain HTTPS (one call; no SDK needed). */
export function createTwilioSms(options: TwilioOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send({ to, text }) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: options.from, Body: text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new AppError('provider_error', 502, SMS_SEND_FAILED_MESSAGE, {
          logMessage: 'Twilio unreachable',
          cause: error,
        });
      }
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        throw new AppError('provider_error', 502, SMS_SEND_FAILED_MESSAGE, {
          logMessage: `Twilio answered ${response.status}: ${body.slice(0, 200)}`,
        });
      }
    },
  };
}

import nodemailer from 'nodemailer';
import { AppError } from '../../lib/errors';
import type { EmailProvider } from './index';

export const EMAIL_SEND_FAILED_MESSAGE =
  'No pudimos enviar el correo. Por favor, inténtalo de nuevo más tarde.';

/** SMTP through nodemailer; SMTP_URL carries host, port, credentials and TLS (smtps://). */
export function createSmtpEmail(options: { url: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport(options.url);
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      try {
        await transport.sendMail({ from: options.from, to, subject, text });
      } catch (error) {
        throw new AppError('provider_error', 502, EMAIL_SEND_FAILED_MESSAGE, {
          logMessage: 'SMTP send failed',
          cause: error,
        });
      }
    },
  };
}

import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../config';
import { createLogger } from '../../lib/logger';
import { createEmailProvider } from './index';

const logger = createLogger({ NODE_ENV: 'test' });
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

describe('e-mail provider', () => {
  it('delivers through SMTP (a local stand-in server) when SMTP_URL is set', async () => {
    const received: Array<{ from: string; to: string[]; data: string; user?: string }> = [];
    const server = new SMTPServer({
      authOptional: false,
      disabledCommands: ['STARTTLS'],
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
      onData: (stream, session, callback) => {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanups.push(() => server.close());
    const port = (server.server.address() as AddressInfo).port;

    const email = createEmailProvider(
      loadConfig({
        SMTP_URL: `smtp://mailer:secret@127.0.0.1:${port}`,
        MAIL_FROM: 'Ayuda <ayuda@example.org>',
      }),
      logger,
    );
    expect(email.name).toBe('smtp');
    await email.send({ to: 'ana@example.com', subject: 'Cambia tu contraseña', text: 'Abre este enlace' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'ayuda@example.org', to: ['ana@example.com'], user: 'mailer' });
    expect(received[0]?.data).toContain('Abre este enlace');
  });

  it('maps an unreachable server to a Spanish error', async () => {
    const email = createEmailProvider(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }), logger);
    await expect(email.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toMatchObject({
      status: 502,
    });
  });
});

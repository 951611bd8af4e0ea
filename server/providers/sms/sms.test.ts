import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createLogger } from '../../lib/logger';
import { readOutbox } from '../outbox';
import { createSmsProvider } from './index';

const logger = createLogger({ NODE_ENV: 'test' });
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

/** A local stand-in for Twilio's Messages API. */
async function twilioStandIn(status = 201) {
  const requests: Array<{ url: string; auth: string; body: URLSearchParams }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        body: new URLSearchParams(body),
      });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          status < 300 ? { sid: 'SM1' } : { message: 'The To number is not valid', code: 21211 },
        ),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe('SMS provider', () => {
  it('writes to the outbox when Twilio is not configured', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const sms = createSmsProvider(loadConfig({ DATA_DIR: dir }), logger);
    expect(sms.name).toBe('outbox');
    await sms.send({ to: '+15555550100', text: 'Tu código es 123456', code: '123456' });
    const entries = await readOutbox(path.join(dir, 'outbox', 'sms.jsonl'));
    expect(entries).toEqual([
      { to: '+15555550100', text: 'Tu código es 123456', code: '123456', at: expect.any(String) },
    ]);
  });

  it("sends through Twilio's API with basic auth when configured", async () => {
    const stand = await twilioStandIn();
    const sms = createSmsProvider(
      loadConfig({
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'tok',
        TWILIO_FROM_NUMBER: '+15550000000',
        TWILIO_BASE_URL: stand.url,
      }),
      logger,
    );
    expect(sms.name).toBe('twilio');
    await sms.send({ to: '+15555550100', text: 'Tu código es 123456', code: '123456' });
    expect(stand.requests).toHaveLength(1);
    expect(stand.requests[0]?.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(stand.requests[0]?.auth).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    expect(Object.fromEntries(stand.requests[0]!.body)).toEqual({
      To: '+15555550100',
      From: '+15550000000',
      Body: 'Tu código es 123456',
    });
  });

  it('maps a Twilio failure to the §8 message', async () => {
    const stand = await twilioStandIn(400);
    const sms = createSmsProvider(
      loadConfig({
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM_NUMBER: '+15550000000',
        TWILIO_BASE_URL: stand.url,
      }),
      logger,
    );
    await expect(sms.send({ to: '+1', text: 'x' })).rejects.toMatchObject({
      status: 502,
      message: 'Error al enviar el código',
    });
  });
});

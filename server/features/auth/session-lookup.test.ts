import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index';
import { TestClient } from '../../test/client';
import { createTestApp, type TestApp } from '../../test/helpers';
import { withOneQuerySessions } from './session-lookup';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const sessionRead = (token: string) => ({
  model: 'session',
  where: [{ field: 'token', value: token }],
  join: { user: true as const },
});

describe('a session and its user in one query', () => {
  it('answers exactly as better-auth’s Drizzle adapter does, and leaves every other read to it', async () => {
    t = await createTestApp();
    const ana = new TestClient(t);
    await ana.signUp('ana@example.com', 'secreto-123', 'Ana María');
    const [row] = await t.database.db.select().from(schema.session);
    const plain = drizzleAdapter(t.database.db, { provider: 'pg', schema })(t.auth.options);
    const oneQuery = withOneQuerySessions(
      drizzleAdapter(t.database.db, { provider: 'pg', schema }),
      t.database.db,
    )(t.auth.options);

    const theirs = await plain.findOne<Record<string, unknown>>(sessionRead(row!.token));
    const ours = await oneQuery.findOne<Record<string, unknown>>(sessionRead(row!.token));
    expect(theirs).toMatchObject({
      token: row!.token,
      user: { email: 'ana@example.com', name: 'Ana María' },
    });
    expect(ours).toEqual(theirs);

    expect(await oneQuery.findOne(sessionRead('no-existe'))).toBeNull();
    const byEmail = { model: 'user', where: [{ field: 'email', value: 'ana@example.com' }] };
    expect(await oneQuery.findOne(byEmail)).toEqual(await plain.findOne(byEmail));
  });

  it('still ends sessions: signed out, expired, or of a deleted account', async () => {
    t = await createTestApp();
    const ana = new TestClient(t);
    await ana.signUp('ana@example.com');
    expect((await ana.json('/api/me')).status).toBe(200);
    await t.database.db
      .update(schema.session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        eq(schema.session.userId, (await ana.json<{ profile: { id: string } }>('/api/me')).body.profile.id),
      );
    expect((await ana.json('/api/me')).status).toBe(401);

    // Signed out on one device: the same cookie kept elsewhere no longer works.
    const luis = new TestClient(t);
    const signUp = await luis.signUp('luis@example.com');
    const cookie = signUp.response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const elsewhere = () => t.app.request('/api/me', { headers: { Cookie: cookie } });
    expect((await elsewhere()).status).toBe(200);
    await luis.json('/api/auth/sign-out', { method: 'POST', json: {} });
    expect((await elsewhere()).status).toBe(401);

    const eva = new TestClient(t);
    await eva.signUp('eva@example.com');
    const evaId = (await eva.json<{ profile: { id: string } }>('/api/me')).body.profile.id;
    await t.database.db.delete(schema.user).where(eq(schema.user.id, evaId));
    expect((await eva.json('/api/me')).status).toBe(401);
  });
});

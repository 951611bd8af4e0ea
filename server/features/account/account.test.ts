import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index';
import { readOutbox } from '../../providers/outbox';
import { MESSAGES } from '../../../common/account';
import { AUTH_RATE_LIMITS } from '../auth/auth.routes';
import { TestClient } from '../../test/client';
import { createTestApp, type TestApp } from '../../test/helpers';
import path from 'node:path';

let t: TestApp;
let now: Date;
beforeEach(async () => {
  now = new Date('2026-03-10T18:00:00Z');
  t = await createTestApp({ clock: () => now });
});
afterEach(async () => t.close());

const smsOutbox = () => readOutbox(path.join(t.dataDir, 'outbox', 'sms.jsonl'));
const emailOutbox = () => readOutbox(path.join(t.dataDir, 'outbox', 'email.jsonl'));
const lastCode = async () => (await smsOutbox()).at(-1)?.code ?? '';

describe('e-mail sign-up and sign-in', () => {
  it('sign-up gives a cookie session; /api/me shows the profile, plan and questions left', async () => {
    const client = new TestClient(t);
    const signUp = await client.signUp('ana@example.com', 'secreto-123', 'Ana');
    expect(signUp.status).toBe(200);
    expect(client.signedIn).toBe(true);
    const cookie = signUp.response.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/HttpOnly/i);

    const me = await client.json('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      profile: expect.objectContaining({
        email: 'ana@example.com',
        firstName: 'Ana',
        lastName: '',
        plan: 'UNLIMITED',
        preferredLanguage: 'es',
      }),
      questionsLeftToday: null,
    });
  });

  it('refuses the sign-up fields of SPEC.md §5 with their Spanish messages', async () => {
    const client = new TestClient(t);
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: '', email: 'a@example.com', password: 'secreto-123' }, 'Por favor ingresa tu nombre'],
      [{ name: 'Ana', email: '', password: 'secreto-123' }, 'Por favor ingresa tu correo electrónico'],
      [
        { name: 'Ana', email: 'a@example.com', password: '12345' },
        'La contraseña debe tener al menos 6 caracteres',
      ],
    ];
    for (const [json, message] of cases) {
      const response = await client.json('/api/auth/sign-up/email', { method: 'POST', json });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(await t.database.db.select().from(schema.user)).toHaveLength(0);
  });

  it('a repeated e-mail gets the §8 message', async () => {
    await new TestClient(t).signUp('ana@example.com');
    const again = await new TestClient(t).signUp('ana@example.com');
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Este correo ya está registrado. Por favor inicia sesión.');
  });

  it('signs in with the right password and refuses a wrong one in Spanish', async () => {
    await new TestClient(t).signUp('ana@example.com', 'secreto-123');
    const wrong = await new TestClient(t).json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ana@example.com', password: 'otra-cosa' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Correo electrónico o contraseña incorrectos.');

    const client = new TestClient(t);
    const right = await client.json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ana@example.com', password: 'secreto-123' },
    });
    expect(right.status).toBe(200);
    expect((await client.json('/api/me')).status).toBe(200);
  });

  it('/api/me without a session is 401 in Spanish', async () => {
    const me = await new TestClient(t).json('/api/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({
      error: { code: 'unauthorized', message: 'Debes iniciar sesión para continuar.' },
    });
  });

  it('refuses writes from another site', async () => {
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const response = await client.json('/api/me', {
      method: 'PATCH',
      json: { firstName: 'Mal' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});

describe('phone codes', () => {
  it('registers with a 6-digit code from the outbox, and signs in again with a new one', async () => {
    const client = new TestClient(t);
    const sent = await client.json('/api/phone-code', {
      method: 'POST',
      json: { phone: '5555550100', mode: 'register' },
    });
    expect(sent).toMatchObject({ status: 200, body: { sent: true, alreadyRegistered: false } });
    const [message] = await smsOutbox();
    expect(message).toMatchObject({ to: '+15555550100' });
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.text).toContain(message?.code);

    const verified = await client.json('/api/auth/phone-number/verify', {
      method: 'POST',
      json: { phoneNumber: '+15555550100', code: message?.code },
    });
    expect(verified.status).toBe(200);
    expect(client.signedIn).toBe(true);
    const me = await client.json<{ profile: Record<string, unknown> }>('/api/me');
    expect(me.body.profile).toMatchObject({ phoneNumber: '+15555550100', email: '', plan: 'UNLIMITED' });

    // The pending first name is saved right after verification (SPEC.md §4).
    await client.json('/api/me', { method: 'PATCH', json: { firstName: 'Rosa' } });
    expect((await client.json<{ profile: Record<string, unknown> }>('/api/me')).body.profile.firstName).toBe(
      'Rosa',
    );

    // Registering the same number again: the §8 notice, and a code to sign in.
    const other = new TestClient(t);
    const again = await other.json('/api/phone-code', {
      method: 'POST',
      json: { phone: '5555550100', mode: 'register' },
    });
    expect(again.body).toEqual({ sent: true, alreadyRegistered: true });
    const signIn = await other.json('/api/auth/phone-number/verify', {
      method: 'POST',
      json: { phoneNumber: '+15555550100', code: await lastCode() },
    });
    expect(signIn.status).toBe(200);
    expect((await other.json<{ profile: { id: string } }>('/api/me')).body.profile.id).toBe(
      me.body.profile.id,
    );
    expect(await t.database.db.select().from(schema.user)).toHaveLength(1);
  });

  it('refuses a wrong code, counts it, and stops after 5 tries', async () => {
    const client = new TestClient(t);
    await client.json('/api/phone-code', { method: 'POST', json: { phone: '5555550101', mode: 'login' } });
    const code = await lastCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const wrong = await client.json('/api/auth/phone-number/verify', {
        method: 'POST',
        json: { phoneNumber: '+15555550101', code: wrongCode },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('El código no es correcto. Revisa el mensaje e inténtalo de nuevo.');
    }
    const sixth = await client.json('/api/auth/phone-number/verify', {
      method: 'POST',
      json: { phoneNumber: '+15555550101', code },
    });
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toBe('Demasiados intentos con este código. Pide un código nuevo.');
    expect(client.signedIn).toBe(false);
  });

  it('refuses an expired code', async () => {
    const client = new TestClient(t);
    await client.json('/api/phone-code', { method: 'POST', json: { phone: '5555550102', mode: 'login' } });
    const code = await lastCode();
    // Codes live 10 minutes: age this one past that.
    await t.database.db.execute(sql`update verification set expires_at = now() - interval '1 second'`);
    const late = await client.json('/api/auth/phone-number/verify', {
      method: 'POST',
      json: { phoneNumber: '+15555550102', code },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('El código ya venció. Pide un código nuevo.');
    const [row] = await t.database.db.select().from(schema.verification);
    expect(row).toBeUndefined();
  });

  it('sets the code to expire in 10 minutes', async () => {
    await new TestClient(t).json('/api/phone-code', {
      method: 'POST',
      json: { phone: '5555550103', mode: 'login' },
    });
    const [row] = await t.database.db.select().from(schema.verification);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('sends codes only through /api/phone-code, where the limits apply', async () => {
    const client = new TestClient(t);
    for (const path of ['/api/auth/phone-number/send-otp', '/api/auth/phone-number/request-password-reset']) {
      const direct = await client.json(path, { method: 'POST', json: { phoneNumber: '+15555550109' } });
      expect(direct.status, path).toBe(404);
    }
    expect(await smsOutbox()).toHaveLength(0);
  });

  it('validates the number: 10 digits', async () => {
    const client = new TestClient(t);
    const empty = await client.json('/api/phone-code', {
      method: 'POST',
      json: { phone: '', mode: 'login' },
    });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: { message: 'Por favor ingresa tu número de teléfono' } },
    });
    const short = await client.json('/api/phone-code', {
      method: 'POST',
      json: { phone: '55512', mode: 'login' },
    });
    expect(short.body.error.message).toBe('El número de teléfono debe tener 10 dígitos');
    expect(await smsOutbox()).toHaveLength(0);
  });

  it('limits codes per number', async () => {
    const client = new TestClient(t);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await client.json('/api/phone-code', {
            method: 'POST',
            json: { phone: '5555550104', mode: 'login' },
          })
        ).status,
      ).toBe(200);
    }
    const sixth = await client.json('/api/phone-code', {
      method: 'POST',
      json: { phone: '5555550104', mode: 'login' },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe('Demasiados intentos. Espera un momento e inténtalo de nuevo.');
    expect(sixth.response.headers.get('retry-after')).toBe('3600');
    now = new Date(now.getTime() + 60 * 60 * 1000 + 1);
    expect(
      (await client.json('/api/phone-code', { method: 'POST', json: { phone: '5555550104', mode: 'login' } }))
        .status,
    ).toBe(200);
  });
});

describe('profile', () => {
  it('updates names and phone with the §5 rules', async () => {
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const bad = await client.json('/api/me', {
      method: 'PATCH',
      json: { firstName: ' ', lastName: 'López' },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: { message: 'El nombre es requerido' } } });
    const badLast = await client.json('/api/me', {
      method: 'PATCH',
      json: { firstName: 'Ana', lastName: '' },
    });
    expect(badLast.body.error.message).toBe('El apellido es requerido');
    const badEmail = await client.json('/api/me', { method: 'PATCH', json: { email: 'no-es-correo' } });
    expect(badEmail.body.error.message).toBe('Email inválido');

    const ok = await client.json<{ profile: Record<string, unknown> }>('/api/me', {
      method: 'PATCH',
      json: {
        firstName: 'Ana María',
        lastName: 'López',
        phoneNumber: '(555) 555-0199',
        timeZone: 'America/Los_Angeles',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.profile).toMatchObject({
      firstName: 'Ana María',
      lastName: 'López',
      phoneNumber: '5555550199',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('changes the sign-in e-mail only with the current password, and tells the old address', async () => {
    const client = new TestClient(t);
    await client.signUp('ana@example.com', 'secreto-123');
    const patch = (json: Record<string, unknown>) => client.json('/api/me', { method: 'PATCH', json });

    const bare = await patch({ email: 'ladron@example.com' });
    expect(bare.status).toBe(400);
    expect(bare.body.error.fields).toEqual({ currentPassword: MESSAGES.emailChangePassword });
    const wrong = await patch({ email: 'ladron@example.com', currentPassword: 'adivinanza' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ currentPassword: 'La contraseña actual no es correcta.' });
    const [still] = await t.database.db.select().from(schema.user);
    expect(still?.email).toBe('ana@example.com');
    expect(await emailOutbox()).toEqual([]);

    const changed = await client.json<{ profile: { email: string } }>('/api/me', {
      method: 'PATCH',
      json: { email: 'Ana.Nueva@example.com', currentPassword: 'secreto-123' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.profile.email).toBe('ana.nueva@example.com');
    const [notice] = await emailOutbox();
    expect(notice).toMatchObject({ to: 'ana@example.com', subject: 'Cambiaste el correo de tu cuenta' });
    expect(notice?.text).toContain('a•••@example.com');
    expect(notice?.text).not.toContain('ana.nueva@example.com');
    const signIn = await new TestClient(t).json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ana.nueva@example.com', password: 'secreto-123' },
    });
    expect(signIn.status).toBe(200);
  });

  it("limits e-mail change attempts like sign-ins, and keeps better-auth's own route closed", async () => {
    const client = new TestClient(t);
    await client.signUp('ana@example.com', 'secreto-123');
    const { limit } = AUTH_RATE_LIMITS.signInPerAccount;
    for (let i = 0; i < limit; i++) {
      const guess = await client.json('/api/me', {
        method: 'PATCH',
        json: { email: `otra${i}@example.com`, currentPassword: `adivinanza-${i}` },
      });
      expect(guess.status).toBe(400);
    }
    const refused = await client.json('/api/me', {
      method: 'PATCH',
      json: { email: 'otra@example.com', currentPassword: 'secreto-123' },
    });
    expect(refused.status).toBe(429);
    const direct = await client.json('/api/auth/change-email', {
      method: 'POST',
      json: { newEmail: 'directo@example.com' },
    });
    expect(direct.status).toBe(404);
    const [row] = await t.database.db.select().from(schema.user);
    expect(row?.email).toBe('ana@example.com');
  });

  it('an account made by phone adds an e-mail with a code sent to its phone, and gets a notice by SMS', async () => {
    const client = new TestClient(t);
    await client.json('/api/phone-code', { method: 'POST', json: { phone: '5555550100', mode: 'register' } });
    await client.json('/api/auth/phone-number/verify', {
      method: 'POST',
      json: { phoneNumber: '+15555550100', code: await lastCode() },
    });
    const bare = await client.json('/api/me', { method: 'PATCH', json: { email: 'rosa@example.com' } });
    expect(bare.body.error.fields).toEqual({ emailCode: MESSAGES.emailChangeCode });

    expect((await client.json('/api/me/email-code', { method: 'POST' })).body).toEqual({ sent: true });
    const code = await lastCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await client.json('/api/me', {
      method: 'PATCH',
      json: { email: 'rosa@example.com', emailCode: wrongCode },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.emailCode).toBeTruthy();

    await client.json('/api/me/email-code', { method: 'POST' });
    const changed = await client.json<{ profile: { email: string } }>('/api/me', {
      method: 'PATCH',
      json: { email: 'rosa@example.com', emailCode: await lastCode() },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.profile.email).toBe('rosa@example.com');
    const notice = (await smsOutbox()).at(-1);
    expect(notice).toMatchObject({ to: '+15555550100' });
    expect(notice?.text).toContain('r•••@example.com');
    // Still signed in: the code proved the change and opened no other session.
    expect((await client.json('/api/me')).status).toBe(200);
  });

  it("keeps the profile's e-mail in step with the sign-in address, whatever changes it", async () => {
    const client = new TestClient(t);
    await client.signUp('ana@example.com', 'secreto-123');
    const [row] = await t.database.db.select().from(schema.user);
    const context = await t.auth.$context;
    await context.internalAdapter.updateUser(row!.id, { email: 'ana.otra@example.com' });
    const me = await client.json<{ profile: { email: string } }>('/api/me');
    expect(me.body.profile.email).toBe('ana.otra@example.com');
  });

  it('counts FREE questions from the usage ledger since local midnight', async () => {
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const [row] = await t.database.db.select().from(schema.user);
    await t.database.db.update(schema.profiles).set({ plan: 'FREE', timeZone: 'America/Chicago' });
    // 18:00Z is 13:00 in Chicago (CDT): one question this morning, one a minute before midnight.
    await t.database.db.insert(schema.usageEvents).values([
      { userId: row!.id, createdAt: new Date('2026-03-10T15:00:00Z') },
      { userId: row!.id, createdAt: new Date('2026-03-10T04:59:00Z') },
    ]);
    expect((await client.json('/api/me')).body.questionsLeftToday).toBe(2);
  });
});

describe('password change', () => {
  it('refuses a wrong current password in Spanish and accepts the right one', async () => {
    const client = new TestClient(t);
    await client.signUp('ana@example.com', 'secreto-123');
    const otherDevice = new TestClient(t);
    await otherDevice.json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ana@example.com', password: 'secreto-123' },
    });
    const wrong = await client.json('/api/me/password', {
      method: 'POST',
      json: { currentPassword: 'no-es-esta', newPassword: 'nueva-clave' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('La contraseña actual no es correcta.');
    const short = await client.json('/api/me/password', {
      method: 'POST',
      json: { currentPassword: 'secreto-123', newPassword: '123' },
    });
    expect(short.body.error.message).toBe('La contraseña debe tener al menos 6 caracteres');

    const right = await client.json('/api/me/password', {
      method: 'POST',
      json: { currentPassword: 'secreto-123', newPassword: 'nueva-clave' },
    });
    expect(right.status).toBe(200);
    // This session goes on (its cookie was renewed); the other sessions ended.
    expect((await client.json('/api/me')).status).toBe(200);
    expect((await otherDevice.json('/api/me')).status).toBe(401);
    const oldPassword = await new TestClient(t).json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ana@example.com', password: 'secreto-123' },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await new TestClient(t).json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ana@example.com', password: 'nueva-clave' },
    });
    expect(newPassword.status).toBe(200);
  });
});

describe('password reset by e-mail', () => {
  it('sends a link through the outbox and the token sets a new password', async () => {
    await new TestClient(t).signUp('ana@example.com', 'secreto-123');
    const client = new TestClient(t);
    const requested = await client.json('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: 'ana@example.com', redirectTo: `${t.config.publicUrl}/login` },
    });
    expect(requested.status).toBe(200);
    const [mail] = await readOutbox(path.join(t.dataDir, 'outbox', 'email.jsonl'));
    expect(mail).toMatchObject({ to: 'ana@example.com', subject: 'Cambia tu contraseña' });
    const token = /reset-password\/([^?\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await client.json('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'clave-nueva' },
    });
    expect(reset.status).toBe(200);
    const signIn = await new TestClient(t).json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ana@example.com', password: 'clave-nueva' },
    });
    expect(signIn.status).toBe(200);
  });
});

describe("better-auth's /update-user", () => {
  it('refuses a body that is not an object, a name longer than sign-up allows and a non-http picture', async () => {
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    for (const body of ['null', '1', '"x"', 'true', '[]']) {
      const answer = await client.json('/api/auth/update-user', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status, body).toBe(400);
    }
    const update = (json: Record<string, unknown>) =>
      client.json('/api/auth/update-user', { method: 'POST', json });
    const long = await update({ name: 'a'.repeat(300_000) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('El nombre es demasiado largo.');
    expect((await update({ image: 'javascript:alert(1)' })).status).toBe(400);
    expect((await update({ image: 'data:text/html,<script>alert(1)</script>' })).status).toBe(400);
    const [row] = await t.database.db.select().from(schema.user);
    expect(row).toMatchObject({ name: 'Ana', image: null });
    expect((await update({ name: 'Ana María', image: 'https://example.com/ana.png' })).status).toBe(200);
  });
});

describe('account deletion and export', () => {
  async function userWithData(client: TestClient, email: string) {
    await client.signUp(email);
    const [row] = await t.database.db.select().from(schema.user).where(eq(schema.user.email, email));
    const userId = row!.id;
    await t.database.db
      .insert(schema.savedChats)
      .values({ userId, title: `chat de ${email}`, question: `pregunta de ${email}`, answer: 'respuesta' });
    await t.database.db.insert(schema.usageEvents).values({ userId });
    await t.database.db.insert(schema.conversationTurns).values({ userId, role: 'user', content: 'hola' });
    await t.database.db.insert(schema.feedback).values({ userId, ratings: { ease_of_use: 5 } });
    await t.database.db
      .insert(schema.subscriptions)
      .values({ userId, provider: 'sandbox', status: 'active' });
    // A reset link asked for, and a message through the contact form (another case of the address).
    await new TestClient(t).json('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: `${t.config.publicUrl}/login` },
    });
    const contact = await new TestClient(t).json('/api/feedback/contact', {
      method: 'POST',
      json: {
        first_name: 'Persona',
        last_name: 'De Prueba',
        email: email.toUpperCase(),
        message: `Soy ${email}, mi teléfono es 555 555 0100`,
      },
    });
    expect(contact.status).toBe(201);
    return userId;
  }

  it('refuses the wrong phrase and keeps everything', async () => {
    const client = new TestClient(t);
    await userWithData(client, 'ana@example.com');
    const wrong = await client.json('/api/me', {
      method: 'DELETE',
      json: { confirmation: 'eliminar mi cuenta' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("Debes escribir 'ELIMINAR MI CUENTA' para confirmar");
    expect(await t.database.db.select().from(schema.user)).toHaveLength(1);
    expect(await t.database.db.select().from(schema.savedChats)).toHaveLength(1);
  });

  it('with the right phrase leaves no row of the user in any table, and keeps only the reason', async () => {
    const other = new TestClient(t);
    const otherId = await userWithData(other, 'luis@example.com');
    const client = new TestClient(t);
    const userId = await userWithData(client, 'ana@example.com');

    const deleted = await client.json('/api/me', {
      method: 'DELETE',
      json: { confirmation: 'ELIMINAR MI CUENTA', reason: 'Ya resolví mi trámite' },
    });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect(client.signedIn).toBe(false);
    expect((await client.json('/api/me')).status).toBe(401);

    // Walk every table: nothing mentions the deleted user.
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    for (const { table_name } of tables.rows) {
      const rows = (await t.database.db.execute(sql.raw(`select * from "${table_name}"`))) as unknown as {
        rows: unknown[];
      };
      const text = JSON.stringify(rows.rows).toLowerCase();
      expect(text, table_name).not.toContain(userId.toLowerCase());
      expect(text, table_name).not.toContain('ana@example.com');
    }
    expect(
      await t.database.db.select({ reason: schema.deletionReasons.reason }).from(schema.deletionReasons),
    ).toEqual([{ reason: 'Ya resolví mi trámite' }]);
    // The other person is untouched.
    expect(
      await t.database.db.select().from(schema.savedChats).where(eq(schema.savedChats.userId, otherId)),
    ).toHaveLength(1);
    expect((await other.json('/api/me')).status).toBe(200);
  });

  it('deletes a phone account with the codes sent to it', async () => {
    const client = new TestClient(t);
    await client.json('/api/phone-code', { method: 'POST', json: { phone: '5555550177', mode: 'register' } });
    await client.json('/api/auth/phone-number/verify', {
      method: 'POST',
      json: { phoneNumber: '+15555550177', code: await lastCode() },
    });
    await client.json('/api/phone-code', { method: 'POST', json: { phone: '5555550177', mode: 'login' } });
    await client.json('/api/me', { method: 'DELETE', json: { confirmation: 'ELIMINAR MI CUENTA' } });
    expect(await t.database.db.select().from(schema.verification)).toHaveLength(0);
    expect(await t.database.db.select().from(schema.user)).toHaveLength(0);
  });

  it('needs a session', async () => {
    const response = await new TestClient(t).json('/api/me', {
      method: 'DELETE',
      json: { confirmation: 'ELIMINAR MI CUENTA' },
    });
    expect(response.status).toBe(401);
  });

  it("export holds the user's profile and chats and nobody else's", async () => {
    await userWithData(new TestClient(t), 'luis@example.com');
    const client = new TestClient(t);
    await userWithData(client, 'ana@example.com');
    const exported = await client.json<{
      profile: { email: string };
      savedChats: Array<{ question: string }>;
      surveys: unknown[];
      contactMessages: Array<{ message: string }>;
      usage: Array<{ kind: string; answered: boolean }>;
    }>('/api/me/export');
    expect(exported.status).toBe(200);
    expect(exported.response.headers.get('content-disposition')).toMatch(
      /attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(exported.body.profile.email).toBe('ana@example.com');
    expect(exported.body.savedChats.map((c) => c.question)).toEqual(['pregunta de ana@example.com']);
    expect(exported.body.surveys).toHaveLength(1);
    expect(exported.body.contactMessages.map((m) => m.message)).toEqual([
      'Soy ana@example.com, mi teléfono es 555 555 0100',
    ]);
    expect(exported.body.usage).toEqual([expect.objectContaining({ kind: 'question', answered: false })]);
    expect(JSON.stringify(exported.body)).not.toContain('luis@example.com');
  });
});

describe('startOfLocalDay', () => {
  it('starts the day at midnight where the person lives, across DST', async () => {
    const { startOfLocalDay } = await import('../assistant/usage.service');
    expect(startOfLocalDay(new Date('2026-03-10T18:00:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-03-10T05:00:00.000Z',
    );
    expect(startOfLocalDay(new Date('2026-01-10T03:00:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-01-09T06:00:00.000Z',
    );
    expect(startOfLocalDay(new Date('2026-01-10T03:00:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-01-09T08:00:00.000Z',
    );
  });
});

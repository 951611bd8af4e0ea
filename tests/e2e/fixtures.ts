import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

/** Creates an account through the API; the page's context keeps the session cookie. */
export async function signUp(page: Page, name = 'Ana') {
  const email = `e2e-${randomUUID()}@example.com`;
  const baseURL = new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url()).origin;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'secreto-123', name },
    headers: { Origin: process.env.E2E_ORIGIN ?? baseURL },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return { email };
}

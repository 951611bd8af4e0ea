import { describe, expect, it } from 'vitest';
import { es } from '@/locales/es';
import { NAME_MARK, renderShells } from '../prerender';

// The static first screens index.html carries (vite.config.ts, src/boot.js):
// the app's own first render of /landing signed out and of /chat signed in.
describe('renderShells', () => {
  const shells = renderShells();
  const text = (markup: string) => new DOMParser().parseFromString(markup, 'text/html').body;

  it('renders the landing as a signed-out visitor first sees it', () => {
    const page = text(shells.landing);
    expect(page.querySelector('main h1')?.textContent).toBe(es.pages.landing.title);
    expect(page.querySelector('header')?.textContent).toContain(es.nav.signIn);
    expect(page.querySelector('header')?.textContent).not.toContain(es.nav.signOut);
    expect(page.querySelector('footer')).not.toBeNull();
  });

  it('renders /chat signed in while it loads: top bar with the name to fill in, heading, spinner', () => {
    const page = text(shells.chat);
    expect(page.querySelector('main h1')?.textContent).toBe(es.pages.chat.title);
    expect(page.querySelector('main [role=status]')?.textContent).toBe(es.common.loading);
    expect(page.querySelector('header')?.textContent).toContain(NAME_MARK);
    expect(page.querySelector('header')?.textContent).toContain(es.nav.signOut);
    expect(shells.nameFallback).toBe(es.nav.userFallback);
  });
});

import { describe, expect, it } from 'vitest';
import { displayName } from '@/lib/display-name';
import { en } from '@/locales/en';
import { es } from '@/locales/es';
import { navigationItems } from '../layout/navigation';
import { isValidElement } from 'react';
import { RequireAuth } from '../require-auth';
import { routes } from '../router';

describe('navigationItems', () => {
  const labels = (signedIn: boolean) =>
    navigationItems(signedIn).map((item) => es.nav[item.labelKey.slice(4) as keyof typeof es.nav]);

  it('shows the six public links to visitors', () => {
    expect(labels(false)).toEqual(['Inicio', 'Cómo funciona', 'FAQ', 'Quiénes somos', 'Chat', 'Blog']);
  });

  it('adds Sugerencias and Documentos when signed in', () => {
    expect(labels(true)).toEqual([
      'Inicio',
      'Cómo funciona',
      'FAQ',
      'Quiénes somos',
      'Chat',
      'Blog',
      'Sugerencias',
      'Documentos',
    ]);
    expect(
      navigationItems(true)
        .slice(-2)
        .map((i) => i.to),
    ).toEqual(['/user-feedback', '/documents']);
  });
});

describe('displayName', () => {
  it.each([
    [{ firstName: 'Ana', lastName: 'López', email: 'ana@x.com' }, 'Ana López'],
    [{ firstName: 'Ana', lastName: ' ', email: 'ana@x.com' }, 'Ana'],
    [{ firstName: '', lastName: 'López', email: 'ana.l@x.com' }, 'ana.l'],
    [{ email: null }, 'Usuario'],
    [{}, 'Usuario'],
  ])('%j → %s', (source, expected) => {
    expect(displayName(source, 'Usuario')).toBe(expected);
  });
});

describe('routes', () => {
  const paths = (routes[0]?.children ?? []).map((r) => (r.index ? '/' : `/${r.path}`));

  it('has every route of SPEC.md §2 and a catch-all', () => {
    for (const path of [
      '/',
      '/landing',
      '/login',
      '/auth',
      '/how-it-works',
      '/faq',
      '/why-trust-us',
      '/website-help',
      '/blog',
      '/blog/:slug',
      '/documents',
      '/privacy-policy',
      '/user-feedback',
      '/chat',
      '/procesa-documentos',
      '/saved-chats',
      '/settings',
      '/feedback',
      '/delete-account',
      '/*',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('guards exactly the five private routes', () => {
    const guarded = (routes[0]?.children ?? [])
      .filter((r) => isValidElement(r.element) && r.element.type === RequireAuth)
      .map((r) => `/${r.path}`);
    expect(guarded.sort()).toEqual([
      '/chat',
      '/feedback',
      '/procesa-documentos',
      '/saved-chats',
      '/settings',
    ]);
  });
});

describe('translations', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
      : [prefix.slice(0, -1)];

  it('en has exactly the keys of es, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
    for (const key of keys(en)) {
      const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en);
      expect(value, key).not.toBe('');
    }
  });
});

import type { Dictionary } from '@/locales/es';

export interface NavItem {
  to: string;
  labelKey: `nav.${keyof Dictionary['nav']}`;
}

/** Top-bar links of SPEC.md §2; Sugerencias and Documentos only when signed in. */
export function navigationItems(signedIn: boolean): NavItem[] {
  const items: NavItem[] = [
    { to: '/landing', labelKey: 'nav.home' },
    { to: '/how-it-works', labelKey: 'nav.howItWorks' },
    { to: '/faq', labelKey: 'nav.faq' },
    { to: '/why-trust-us', labelKey: 'nav.about' },
    { to: '/chat', labelKey: 'nav.chat' },
    { to: '/blog', labelKey: 'nav.blog' },
  ];
  if (signedIn) {
    items.push(
      { to: '/user-feedback', labelKey: 'nav.suggestions' },
      { to: '/documents', labelKey: 'nav.documents' },
    );
  }
  return items;
}

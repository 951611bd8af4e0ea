import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { getAssistantStatusQueryOptions } from '@/features/assistant/api/assistant-status';
import { getSessionQueryOptions } from '@/lib/auth-client';
import { getMeQueryOptions } from '@/lib/profile';
// The landing is where most visits start: it comes with the app, saving a
// round trip before the first paint on a slow network. Every other screen is lazy.
import { LandingPage } from '@/features/landing/pages/landing-page';
import { RouteErrorPage } from './route-error-page';
import { RequireAuth } from './require-auth';
import { SiteLayout } from './layout/site-layout';

// Every other screen is its own chunk, so a phone on a slow network downloads
// only the page it opens.
type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

function page<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
      return module;
    });
  // Code fetched ahead (preload, as src/main.tsx does before the first
  // render) is handed over at once: React.lazy takes a thenable that calls
  // back synchronously as already loaded, where a new promise would make the
  // page suspend and show the spinner for a moment in place of the page.
  const component = lazy(() => {
    const ready = loaded;
    if (!ready) return preload().then((module) => ({ default: module[name] }));
    const settled = {
      then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: ready }),
    };
    return settled as unknown as Promise<{ default: ComponentType<P> }>;
  });
  return Object.assign(component, { preload });
}

const HowItWorksPage = page(() => import('@/features/landing/pages/how-it-works-page'), 'HowItWorksPage');
const FaqPage = page(() => import('@/features/landing/pages/faq-page'), 'FaqPage');
const WhyTrustUsPage = page(() => import('@/features/landing/pages/why-trust-us-page'), 'WhyTrustUsPage');
const PrivacyPolicyPage = page(
  () => import('@/features/landing/pages/privacy-policy-page'),
  'PrivacyPolicyPage',
);
const LoginPage = page(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const GuestDemo = page(() => import('@/features/assistant/components/guest-demo'), 'GuestDemo');

/** /login with the guest demo above its form: two features composed here. */
const loginWithDemo = (
  <LoginPage
    renderDemo={(actions) => (
      <Suspense fallback={null}>
        <GuestDemo {...actions} />
      </Suspense>
    )}
  />
);
const WebsiteHelpPage = page(() => import('@/features/help-chat/pages/website-help-page'), 'WebsiteHelpPage');
const BlogPage = page(() => import('@/features/blog/pages/blog-page'), 'BlogPage');
const BlogPostPage = page(() => import('@/features/blog/pages/blog-post-page'), 'BlogPostPage');
const FormsPage = page(() => import('@/features/forms/pages/forms-page'), 'FormsPage');
const SurveyPage = page(() => import('@/features/feedback/pages/survey-page'), 'SurveyPage');
const FeedbackPage = page(() => import('@/features/feedback/pages/feedback-page'), 'FeedbackPage');
const ChatPage = page(() => import('@/features/assistant/pages/chat-page'), 'ChatPage');
const ProcessDocumentsPage = page(
  () => import('@/features/documents/pages/process-documents-page'),
  'ProcessDocumentsPage',
);
const SavedChatsPage = page(() => import('@/features/saved-chats/pages/saved-chats-page'), 'SavedChatsPage');
const SettingsPage = page(() => import('@/features/account/pages/settings-page'), 'SettingsPage');
const DeleteAccountPage = page(
  () => import('@/features/account/pages/delete-account-page'),
  'DeleteAccountPage',
);

/** Behind the guard (SPEC.md §2): /chat, /procesa-documentos, /saved-chats, /settings, /feedback. */
const guarded = (Component: LazyPage) => (
  <RequireAuth preload={Component.preload}>
    <Component />
  </RequireAuth>
);

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <Navigate to="/landing" replace /> },
      { path: 'landing', element: <LandingPage /> },
      { path: 'login', element: loginWithDemo },
      { path: 'auth', element: loginWithDemo },
      { path: 'how-it-works', element: <HowItWorksPage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'why-trust-us', element: <WhyTrustUsPage /> },
      { path: 'website-help', element: <WebsiteHelpPage /> },
      { path: 'blog', element: <BlogPage /> },
      { path: 'blog/:slug', element: <BlogPostPage /> },
      { path: 'documents', element: <FormsPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'user-feedback', element: <SurveyPage /> },
      // /delete-account is outside the guard; its screen handles signed-out visitors itself.
      { path: 'delete-account', element: <DeleteAccountPage /> },
      { path: 'chat', element: guarded(ChatPage) },
      { path: 'procesa-documentos', element: guarded(ProcessDocumentsPage) },
      { path: 'saved-chats', element: guarded(SavedChatsPage) },
      { path: 'settings', element: guarded(SettingsPage) },
      { path: 'feedback', element: guarded(FeedbackPage) },
      { path: '*', element: <Navigate to="/landing" replace /> },
    ],
  },
];

/** The code of each lazy page, by address. */
const PAGE_CODE: Record<string, Array<() => Promise<unknown>>> = {
  '/login': [LoginPage.preload, GuestDemo.preload],
  '/auth': [LoginPage.preload, GuestDemo.preload],
  '/how-it-works': [HowItWorksPage.preload],
  '/faq': [FaqPage.preload],
  '/why-trust-us': [WhyTrustUsPage.preload],
  '/website-help': [WebsiteHelpPage.preload],
  '/blog': [BlogPage.preload],
  '/documents': [FormsPage.preload],
  '/privacy-policy': [PrivacyPolicyPage.preload],
  '/user-feedback': [SurveyPage.preload],
  '/delete-account': [DeleteAccountPage.preload],
  '/chat': [ChatPage.preload],
  '/procesa-documentos': [ProcessDocumentsPage.preload],
  '/saved-chats': [SavedChatsPage.preload],
  '/settings': [SettingsPage.preload],
  '/feedback': [FeedbackPage.preload],
};

/** What a page shows a signed-in person at once, by address: asked for before its first render. */
const PAGE_DATA: Record<string, (queryClient: QueryClient) => Array<Promise<unknown>>> = {
  '/chat': (queryClient) => [
    queryClient.prefetchQuery(getMeQueryOptions()),
    queryClient.prefetchQuery(getAssistantStatusQueryOptions()),
  ],
};

/**
 * Gets the page at `pathname` ready for the app's first render (src/main.tsx):
 * the session, the page's code (the landing comes with the app) and, for
 * someone signed in, the data it opens with. Never fails: whatever did not
 * load is asked for again, and reported, by the page itself.
 */
export async function preparePage(pathname: string, queryClient: QueryClient): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const code = PAGE_CODE[path] ?? (path.startsWith('/blog/') ? [BlogPostPage.preload] : []);
  const data = async () => {
    await queryClient.prefetchQuery(getSessionQueryOptions());
    if (queryClient.getQueryData(getSessionQueryOptions().queryKey))
      await Promise.all(PAGE_DATA[path]?.(queryClient) ?? []);
  };
  await Promise.all([data(), ...code.map((load) => load().catch(() => undefined))]);
}

/**
 * Shows RouteErrorPage when a page throws or its code fails to load (a deploy
 * replaced the chunk); moving to another address tries again.
 */
class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * The routes, inside a BrowserRouter. The declarative router is enough for an
 * app without loaders or actions, and is about 16 KB (gzipped) lighter on every
 * first visit than the data router.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={location.pathname}>{element}</RouteErrorBoundary>;
}

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteErrorPage } from './route-error-page';
import { RequireAuth } from './require-auth';
import { SiteLayout } from './layout/site-layout';

// Every screen is its own chunk, so a phone on a slow network downloads only
// the page it opens.
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LandingPage = page(() => import('@/features/landing/pages/landing-page'), 'LandingPage');
const HowItWorksPage = page(() => import('@/features/landing/pages/how-it-works-page'), 'HowItWorksPage');
const FaqPage = page(() => import('@/features/landing/pages/faq-page'), 'FaqPage');
const WhyTrustUsPage = page(() => import('@/features/landing/pages/why-trust-us-page'), 'WhyTrustUsPage');
const PrivacyPolicyPage = page(
  () => import('@/features/landing/pages/privacy-policy-page'),
  'PrivacyPolicyPage',
);
const LoginPage = lazy(async () => ({
  default: (await import('@/features/auth/pages/login-page')).LoginPage,
}));
const GuestDemo = lazy(async () => ({
  default: (await import('@/features/assistant/components/guest-demo')).GuestDemo,
}));

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
const guarded = (Component: ComponentType) => (
  <RequireAuth>
    <Component />
  </RequireAuth>
);

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteErrorPage />,
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

export function createRouter() {
  return createBrowserRouter(routes);
}

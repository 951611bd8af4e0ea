import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ChatPage } from '@/features/assistant/pages/chat-page';
import { LandingPage } from '@/features/landing/pages/landing-page';
import { getSessionQueryOptions, type Session } from '@/lib/auth-client';
import { initI18n } from '@/lib/i18n';
import { es } from '@/locales/es';
import { SiteLayout } from './layout/site-layout';
import { createQueryClient } from './query-client';

// Run at build time only (vite.config.ts, `shellPlugin`), never in the browser:
// the first screen of /landing and of /chat rendered from the app's own
// components into static markup that index.html carries in <template>s.
// src/boot.js shows the right one while the app's code downloads, and
// React's first render replaces it with the very same screen.

/**
 * Stands for the signed-in person's name in the /chat shell's top bar;
 * src/boot.js writes the real one from the session in its place.
 */
export const NAME_MARK = 'SHELL_USER_NAME';

function render(path: '/landing' | '/chat', session: Session | null, page: ReactElement): string {
  const queryClient = createQueryClient();
  // The app checks the session before its first render (src/main.tsx), so
  // its first screen already knows whether someone is signed in.
  queryClient.setQueryData(getSessionQueryOptions().queryKey, session);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route path={path.slice(1)} element={page} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export interface Shells {
  /** /landing as a signed-out visitor first sees it. */
  landing: string;
  /** /chat signed in, while the profile and the assistant's status load: top bar, heading, spinner. */
  chat: string;
  /** What the top bar shows when the account has no name (boot.js needs it for NAME_MARK). */
  nameFallback: string;
}

export function renderShells(): Shells {
  initI18n();
  const signedIn = { user: { name: NAME_MARK }, session: {} } as unknown as Session;
  return {
    landing: render('/landing', null, <LandingPage />),
    chat: render('/chat', signedIn, <ChatPage />),
    nameFallback: es.nav.userFallback,
  };
}

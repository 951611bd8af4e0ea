import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { GUEST_SIGNUP_STORAGE_KEY } from '@/lib/guest-signup';
import { renderRoutes } from '@/test/render';
import { RequireAuth } from '../require-auth';

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from {(location.state as { from?: string } | null)?.from}</p>;
}

const routes = [
  { path: '/login', element: <LoginProbe /> },
  {
    path: '/settings',
    element: (
      <RequireAuth>
        <p>private settings</p>
      </RequireAuth>
    ),
  },
];

function mockSession(body: unknown, status = 200) {
  let resolve: () => void = () => undefined;
  const answered = new Promise<void>((r) => (resolve = r));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await answered;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return resolve;
}

afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth', () => {
  it('shows "Verificando tu sesión..." while it asks, then sends a visitor to /login with the return path', async () => {
    const answer = mockSession(null);
    const { router } = renderRoutes(routes, '/settings?tab=1');
    expect(screen.getByRole('status')).toHaveTextContent('Verificando tu sesión...');
    answer();
    expect(await screen.findByText('login page, from /settings?tab=1')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('private settings')).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in user', async () => {
    mockSession({ session: { id: 's' }, user: { id: 'u', name: 'Ana', email: 'ana@example.com' } })();
    renderRoutes(routes, '/settings');
    expect(await screen.findByText('private settings')).toBeInTheDocument();
  });

  it('asks a visitor with a stored guest sign-up to finish registering', async () => {
    localStorage.setItem(GUEST_SIGNUP_STORAGE_KEY, JSON.stringify({ email: 'rosa@example.com' }));
    mockSession(null)();
    renderRoutes(routes, '/settings');
    expect(
      await screen.findByText('Por favor completa tu registro para acceder a esta sección'),
    ).toBeInTheDocument();
  });

  it('treats a failed session check as signed out and says so', async () => {
    mockSession({ error: { code: 'internal', message: 'x' } }, 500)();
    renderRoutes(routes, '/settings');
    await waitFor(() => expect(screen.getByText(/login page/)).toBeInTheDocument(), { timeout: 5000 });
    expect(
      await screen.findByText(
        'Error al verificar el estado de autenticación. Por favor, inicie sesión nuevamente.',
      ),
    ).toBeInTheDocument();
  });
});

import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { clearSessionCache, useSession, useSignOut } from '@/lib/auth-client';
import { displayName } from '@/lib/display-name';
import { useMe } from '@/lib/profile';
import { cn } from '@/lib/utils';
import { navigationItems } from './navigation';

// The dialog code behind the phone menu loads when the menu is first wanted
// (or the finger lands on its button), not with every page.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

export function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);

  const signedIn = Boolean(session);
  const items = navigationItems(signedIn);
  const { data: me } = useMe(signedIn);
  // The profile's names once loaded; accounts made by phone have no e-mail to show.
  const name = session
    ? displayName(
        me
          ? { firstName: me.profile.firstName, lastName: me.profile.lastName, email: me.profile.email }
          : { firstName: session.user.name },
        t('nav.userFallback'),
      )
    : '';

  // After signing out we go to /landing and forget the session only once that
  // page is on screen, so a private page's guard never redirects to /login.
  const leaving = useRef(false);
  useEffect(() => {
    if (!leaving.current || location.pathname !== '/landing') return;
    leaving.current = false;
    clearSessionCache(queryClient);
  }, [location.pathname, queryClient]);

  const handleSignOut = () => {
    setMenuOpen(false);
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('auth.signedOut'));
        if (location.pathname === '/landing') {
          clearSessionCache(queryClient);
        } else {
          leaving.current = true;
          void navigate('/landing');
        }
      },
      onError: () => toast.error(t('auth.signOutError')),
    });
  };

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-2.5 text-base font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-800',
      isActive && 'text-brand-800 underline underline-offset-8',
    );

  const accountActions = (inMenu: boolean) =>
    signedIn ? (
      <>
        <Button asChild variant="outline" className={cn(inMenu && 'w-full')}>
          <Link to="/chat" onClick={() => setMenuOpen(false)}>
            {name}
          </Link>
        </Button>
        <Button
          variant="ghost"
          onClick={handleSignOut}
          disabled={signOut.isPending}
          className={cn(inMenu && 'w-full')}
        >
          {t('nav.signOut')}
        </Button>
      </>
    ) : (
      <Button asChild variant="outline" className={cn(inMenu && 'w-full')}>
        <Link to="/login" state={{ directLogin: true }} onClick={() => setMenuOpen(false)}>
          {t('nav.signIn')}
        </Link>
      </Button>
    );

  const startButton = (inMenu: boolean) => (
    <Button asChild className={cn(inMenu && 'w-full')}>
      <Link to={signedIn ? '/chat' : '/login'} onClick={() => setMenuOpen(false)}>
        {t('nav.start')}
      </Link>
    </Button>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* Below 1536 px the links take a second row rather than squeezing the names. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 py-2">
        <Link
          to="/"
          className="flex min-h-11 items-center gap-2 whitespace-nowrap text-lg font-bold text-brand-800"
          // Starts with what it shows, so people who steer by voice can say it (WCAG 2.5.3).
          aria-label={`${t('brand.name')}, ${t('brand.home')}`}
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t('brand.name')}</span>
        </Link>

        <nav
          aria-label={t('nav.label')}
          className="order-last -mx-2.5 hidden w-full items-center gap-1 overflow-x-auto md:flex 2xl:order-none 2xl:mx-0 2xl:w-auto"
        >
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass}>
              {t(item.labelKey)}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 whitespace-nowrap md:flex">
          {startButton(false)}
          {accountActions(false)}
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerDown={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onClick={() => {
            setMenuWanted(true);
            setMenuOpen(true);
          }}
        >
          <Menu aria-hidden="true" />
        </Button>
        {menuWanted ? (
          <Suspense fallback={null}>
            <MobileMenu open={menuOpen} onOpenChange={setMenuOpen}>
              <nav aria-label={t('nav.label')} className="flex flex-col gap-1">
                {items.map((item) => (
                  <NavLink
                    key={item.to}
                    to={item.to}
                    className={linkClass}
                    onClick={() => setMenuOpen(false)}
                  >
                    {t(item.labelKey)}
                  </NavLink>
                ))}
              </nav>
              <div className="mt-auto flex flex-col gap-2">
                {startButton(true)}
                {accountActions(true)}
              </div>
            </MobileMenu>
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}

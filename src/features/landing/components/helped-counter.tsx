import { X } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useHelpedCount } from '../api/helped';
import { formatCount } from '../lib/format-count';

const CLOSED_KEY = 'helpedCounterClosed';

function CounterBody({ count }: { count: number | null }) {
  const { t } = useTranslation();
  const [showMessage, setShowMessage] = useState(false);
  return (
    <button
      type="button"
      className="flex flex-col items-center rounded-xl px-4 py-2 text-center"
      onMouseEnter={() => setShowMessage(true)}
      onMouseLeave={() => setShowMessage(false)}
      onFocus={() => setShowMessage(true)}
      onBlur={() => setShowMessage(false)}
      onClick={() => setShowMessage((v) => !v)}
      aria-describedby="helped-message"
    >
      <span className="text-sm uppercase tracking-wide">{t('landing.counterPrefix')}</span>
      <span className="text-3xl font-bold tabular-nums" data-testid="helped-count">
        {count === null ? '…' : formatCount(count)}
      </span>
      <span className="text-sm">{t('landing.counterCaption')}</span>
      <span
        id="helped-message"
        role="status"
        className={showMessage ? 'mt-1 max-w-56 text-sm font-medium' : 'sr-only'}
      >
        {showMessage ? t('landing.counterHover') : ''}
      </span>
    </button>
  );
}

/**
 * The helped-immigrants counter: in the header while it is on screen, then a
 * floating card at the bottom right that can be closed for the session.
 */
export function HelpedCounter({ headerRef }: { headerRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const count = useHelpedCount();
  const [headerVisible, setHeaderVisible] = useState(true);
  const [closed, setClosed] = useState(() => {
    try {
      return sessionStorage.getItem(CLOSED_KEY) === '1';
    } catch {
      return false;
    }
  });

  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setHeaderVisible(entry?.isIntersecting ?? true));
    observer.observe(header);
    return () => observer.disconnect();
  }, [headerRef]);

  if (headerVisible) {
    return (
      <div className="rounded-xl bg-white/15 text-white backdrop-blur" data-testid="counter-header">
        <CounterBody count={count} />
      </div>
    );
  }
  if (closed) return null;
  return (
    <div
      className="fixed bottom-24 right-4 z-30 rounded-xl bg-white text-brand-900 shadow-xl ring-1 ring-brand-100"
      data-testid="counter-floating"
    >
      <button
        type="button"
        aria-label={t('landing.closeCounter')}
        // A 44 px touch target around the small round badge.
        className="absolute -right-4 -top-4 flex size-11 items-center justify-center rounded-full"
        onClick={() => {
          setClosed(true);
          try {
            sessionStorage.setItem(CLOSED_KEY, '1');
          } catch {
            // Closed for this page view at least.
          }
        }}
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-slate-800 text-white">
          <X className="size-4" aria-hidden="true" />
        </span>
      </button>
      <CounterBody count={count} />
    </div>
  );
}

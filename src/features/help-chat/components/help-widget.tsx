import { MessageCircleQuestion } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '@common/constants';
import { Button } from '@/components/ui/button';

// The button is on every page; the conversation (dialog code, API calls)
// loads when someone reaches for it.
const loadHelpDialog = () => import('./help-dialog');
const HelpDialog = lazy(async () => ({ default: (await loadHelpDialog()).HelpDialog }));

// SPEC.md §2 and §9: the button appears 1 s after load; the bubble shows at
// 3 s, hides at 6 s, and comes back every 15 s while the chat is closed.
export const BUTTON_DELAY_MS = 1000;
export const BUBBLE_DELAY_MS = 3000;
export const BUBBLE_HIDE_MS = 6000;
export const BUBBLE_REPEAT_MS = 15_000;

function useIsMobile() {
  const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMobile(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return mobile;
}

export function HelpWidget() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [visible, setVisible] = useState(false);
  const [bubble, setBubble] = useState(false);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), BUTTON_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (open) return;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const show = () => {
      setBubble(true);
      timers.push(setTimeout(() => setBubble(false), BUBBLE_HIDE_MS - BUBBLE_DELAY_MS));
    };
    let repeat: ReturnType<typeof setInterval> | undefined;
    timers.push(
      setTimeout(() => {
        show();
        repeat = setInterval(show, BUBBLE_REPEAT_MS);
      }, BUBBLE_DELAY_MS),
    );
    return () => {
      timers.forEach(clearTimeout);
      clearInterval(repeat);
      setBubble(false);
    };
  }, [open]);

  if (!visible) return null;

  return (
    <>
      <div className="fixed bottom-4 right-4 z-30 flex flex-col items-end gap-2">
        {bubble && !open ? (
          <p
            role="status"
            className="rounded-full bg-white px-4 py-2 font-medium text-brand-900 shadow-lg ring-1 ring-brand-100"
          >
            {t('help.bubble')}
          </p>
        ) : null}
        <Button
          size="icon"
          className="size-14 rounded-full shadow-lg"
          aria-label={t('help.open')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerDown={() => void loadHelpDialog()}
          onFocus={() => void loadHelpDialog()}
          onClick={() => {
            setWanted(true);
            setOpen((current) => !current);
          }}
        >
          <MessageCircleQuestion className="size-7" aria-hidden="true" />
        </Button>
      </div>
      {wanted ? (
        <Suspense fallback={null}>
          <HelpDialog open={open} onOpenChange={setOpen} mobile={mobile} />
        </Suspense>
      ) : null}
    </>
  );
}

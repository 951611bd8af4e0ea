import * as DialogPrimitive from '@radix-ui/react-dialog';
import { MessageCircleQuestion, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '@common/constants';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { HelpChatPanel } from './help-chat-panel';

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
    <DialogPrimitive.Root open={open} onOpenChange={setOpen} modal={mobile}>
      <div className="fixed bottom-4 right-4 z-30 flex flex-col items-end gap-2">
        {bubble && !open ? (
          <p
            role="status"
            className="rounded-full bg-white px-4 py-2 font-medium text-brand-900 shadow-lg ring-1 ring-brand-100"
          >
            {t('help.bubble')}
          </p>
        ) : null}
        <DialogPrimitive.Trigger asChild>
          <Button size="icon" className="size-14 rounded-full shadow-lg" aria-label={t('help.open')}>
            <MessageCircleQuestion className="size-7" aria-hidden="true" />
          </Button>
        </DialogPrimitive.Trigger>
      </div>
      <DialogPrimitive.Portal>
        {mobile ? <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" /> : null}
        <DialogPrimitive.Content
          onInteractOutside={(event) => {
            if (!mobile) event.preventDefault();
          }}
          className={cn(
            'fixed z-50 flex flex-col bg-white shadow-2xl',
            mobile
              ? 'inset-x-0 bottom-0 h-[75dvh] rounded-t-2xl'
              : 'bottom-24 right-4 h-[28rem] w-96 rounded-xl ring-1 ring-slate-200',
          )}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <DialogPrimitive.Title className="font-semibold">{t('help.title')}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('help.close')}>
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">{t('help.welcome')}</DialogPrimitive.Description>
          <HelpChatPanel className="flex-1" />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

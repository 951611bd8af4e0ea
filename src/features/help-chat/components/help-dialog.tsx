import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useReturnFocus } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { HelpChatPanel } from './help-chat-panel';

/**
 * The help conversation: a bottom drawer on phones (modal), a small card on
 * larger screens (the page stays usable beside it). Escape closes both.
 */
export function HelpDialog({
  open,
  onOpenChange,
  mobile,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} modal={mobile}>
      <DialogPrimitive.Portal>
        {mobile ? <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" /> : null}
        <DialogPrimitive.Content
          {...returnFocus}
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

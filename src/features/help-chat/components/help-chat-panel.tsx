import { Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { api, unwrap } from '@/lib/api';
import { cn } from '@/lib/utils';

interface Message {
  id: number;
  content: string;
  isUser: boolean;
}

/** The website-help conversation: welcome message, typing indicator, input disabled while waiting. */
export function HelpChatPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Message[]>(() => [
    { id: 0, content: t('help.welcome'), isUser: false },
  ]);
  const [draft, setDraft] = useState('');
  const [waiting, setWaiting] = useState(false);
  const end = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, waiting]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || waiting) return;
    const history = messages
      .slice(1)
      .map((m) => ({ role: m.isUser ? ('user' as const) : ('assistant' as const), content: m.content }));
    setMessages((list) => [...list, { id: list.length, content: text, isUser: true }]);
    setDraft('');
    setWaiting(true);
    try {
      const { reply } = await unwrap(api['help-chat'].$post({ json: { message: text, history } }));
      setMessages((list) => [...list, { id: list.length, content: reply, isUser: false }]);
    } catch {
      toast.error(t('help.replyError'));
    } finally {
      setWaiting(false);
    }
  };

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div className="flex-1 space-y-3 overflow-y-auto p-3" aria-live="polite" data-testid="help-messages">
        {messages.map((m) => (
          <p
            key={m.id}
            className={cn(
              'max-w-[85%] rounded-lg px-3 py-2',
              m.isUser ? 'ml-auto bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
            )}
          >
            {m.content}
          </p>
        ))}
        {waiting ? <p className="text-sm text-slate-600">{t('help.typing')}</p> : null}
        <div ref={end} />
      </div>
      <form onSubmit={send} className="flex gap-2 border-t border-slate-200 p-3">
        <label htmlFor="help-input" className="sr-only">
          {t('help.placeholder')}
        </label>
        <Input
          id="help-input"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('help.placeholder')}
          disabled={waiting}
          maxLength={1000}
        />
        <Button type="submit" size="icon" aria-label={t('help.send')} disabled={waiting || !draft.trim()}>
          <Send aria-hidden="true" />
        </Button>
      </form>
    </div>
  );
}

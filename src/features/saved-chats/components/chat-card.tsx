import { ChevronDown, ChevronUp, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { SavedChat } from '../api/chats';
import { cardTitle, formatChatTime } from '../lib/group-chats';

export function ChatCard({
  chat,
  timeZone,
  onToggleFavorite,
  onDelete,
  onOpen,
}: {
  chat: SavedChat;
  timeZone: string;
  onToggleFavorite: () => void;
  onDelete: () => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  return (
    <article
      className="rounded-lg border border-slate-200 bg-white p-4"
      aria-label={cardTitle(chat.question)}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="flex items-center gap-1.5 font-semibold text-slate-900">
            {chat.is_favorite ? (
              <Star
                className="size-4 shrink-0 fill-amber-400 text-amber-500"
                role="img"
                aria-label={t('savedChats.favorite')}
              />
            ) : null}
            <span className="break-words">{cardTitle(chat.question)}</span>
          </h3>
          <p className="text-sm text-slate-600">
            <time dateTime={String(chat.created_at)}>{formatChatTime(chat.created_at, timeZone)}</time>
            {' · '}
            {t(`savedChats.categories.${chat.category}`)}
          </p>
        </div>
        <div className="flex shrink-0">
          <Button
            variant="ghost"
            size="icon"
            onClick={onToggleFavorite}
            aria-pressed={chat.is_favorite}
            aria-label={chat.is_favorite ? t('savedChats.unmarkFavorite') : t('savedChats.markFavorite')}
          >
            <Star
              className={cn('size-5', chat.is_favorite && 'fill-amber-400 text-amber-500')}
              aria-hidden="true"
            />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setExpanded(!expanded)}
            aria-expanded={expanded}
            aria-label={expanded ? t('savedChats.collapse') : t('savedChats.expand')}
          >
            {expanded ? (
              <ChevronUp className="size-5" aria-hidden="true" />
            ) : (
              <ChevronDown className="size-5" aria-hidden="true" />
            )}
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={t('savedChats.delete')}>
            <Trash2 className="size-5 text-red-700" aria-hidden="true" />
          </Button>
        </div>
      </div>
      {expanded ? (
        <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
          <div>
            <p className="text-sm font-semibold">{t('savedChats.question')}</p>
            <p className="whitespace-pre-wrap">{chat.question}</p>
          </div>
          <div>
            <p className="text-sm font-semibold">{t('savedChats.answer')}</p>
            <p className="whitespace-pre-wrap">{chat.answer}</p>
          </div>
          <Button variant="outline" className="self-start" onClick={onOpen}>
            {t('savedChats.openFull')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

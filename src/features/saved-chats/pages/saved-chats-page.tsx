import { ChevronDown, ChevronRight, Star } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { categoryFilterValues } from '@common/chats';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/profile';
import { cn } from '@/lib/utils';
import { reopenChat, useDeleteChat, useSavedChats, useToggleFavorite, type SavedChat } from '../api/chats';
import { ChatCard } from '../components/chat-card';
import { filterChats, groupByDay } from '../lib/group-chats';

export function SavedChatsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: chats, isPending, isError, refetch } = useSavedChats();
  const favorite = useToggleFavorite();
  const deletion = useDeleteChat();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('todas');
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [openGroups, setOpenGroups] = useState<Set<string>>(new Set());
  const [toDelete, setToDelete] = useState<SavedChat | null>(null);
  const timeZone = browserTimeZone() ?? 'UTC';

  const filtered = useMemo(
    () => filterChats(chats ?? [], { search, category, favoritesOnly }),
    [chats, search, category, favoritesOnly],
  );
  const groups = useMemo(
    () =>
      groupByDay(filtered, new Date(), timeZone, {
        today: t('savedChats.today'),
        yesterday: t('savedChats.yesterday'),
      }),
    [filtered, timeZone, t],
  );

  const clearFilters = () => {
    setSearch('');
    setCategory('todas');
    setFavoritesOnly(false);
  };

  const toggleFavorite = (chat: SavedChat) => {
    favorite.mutate(
      { id: chat.id, isFavorite: !chat.is_favorite },
      {
        onSuccess: () =>
          chat.is_favorite
            ? toast.success(t('savedChats.removedTitle'), { description: t('savedChats.removedText') })
            : toast.success(t('savedChats.addedTitle'), { description: t('savedChats.addedText') }),
        onError: () =>
          toast.error(t('savedChats.errorTitle'), { description: t('savedChats.favoriteError') }),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('savedChats.deletedTitle'), { description: t('savedChats.deletedText') });
        setToDelete(null);
      },
      onError: () => toast.error(t('savedChats.errorTitle'), { description: t('savedChats.deleteError') }),
    });
  };

  const open = async (chat: SavedChat) => {
    try {
      await reopenChat(chat.id);
      void navigate('/chat', { state: { reopened: { question: chat.question, answer: chat.answer } } });
    } catch (error) {
      toast.error(t('savedChats.errorTitle'), {
        description: error instanceof ApiError ? error.message : t('savedChats.unexpected'),
      });
    }
  };

  const filtering = search.trim() !== '' || favoritesOnly;
  const total = chats?.length ?? 0;

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-8 md:py-12">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">{t('pages.savedChats.title')}</h1>
        <p className="mt-1 text-slate-700">
          {isPending ? t('savedChats.subtitleLoading') : t('savedChats.subtitle')}
        </p>
      </div>

      {isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((n) => (
            <div
              key={n}
              data-testid="chat-placeholder"
              className="h-20 animate-pulse rounded-lg bg-slate-200"
            />
          ))}
        </div>
      ) : isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5"
        >
          <p className="text-red-800">{t('savedChats.loadError')}</p>
          <Button variant="outline" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : total === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <h2 className="text-lg font-semibold">{t('savedChats.emptyTitle')}</h2>
          <p className="mt-2 text-slate-700">{t('savedChats.emptyText')}</p>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-3 md:flex-row md:items-end">
            <div className="flex-1">
              <label htmlFor="chat-search" className="sr-only">
                {t('savedChats.searchLabel')}
              </label>
              <Input
                id="chat-search"
                type="search"
                placeholder={t('savedChats.searchPlaceholder')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor="chat-category" className="sr-only">
                {t('savedChats.categoryLabel')}
              </label>
              <select
                id="chat-category"
                value={category}
                onChange={(e) => setCategory(e.target.value)}
                className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base md:w-48"
              >
                {categoryFilterValues.map((value) => (
                  <option key={value} value={value}>
                    {value === 'todas' && category === 'todas'
                      ? t('savedChats.categoryLabel')
                      : t(`savedChats.categories.${value}`)}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant={favoritesOnly ? 'primary' : 'outline'}
              aria-pressed={favoritesOnly}
              onClick={() => setFavoritesOnly(!favoritesOnly)}
            >
              <Star className={cn('size-5', favoritesOnly && 'fill-current')} aria-hidden="true" />
              {t('savedChats.favorites')}
            </Button>
          </div>

          {filtering ? (
            <p role="status" className="text-sm text-slate-700">
              {filtered.length > 0
                ? t('savedChats.showing', { n: filtered.length, total })
                : t('savedChats.noneMatch')}
            </p>
          ) : null}

          {filtered.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
              <h2 className="text-lg font-semibold">{t('savedChats.noResults')}</h2>
              <Button variant="link" className="mt-2" onClick={clearFilters}>
                {t('savedChats.clearFilters')}
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              {groups.map((group) => {
                const isOpen = openGroups.has(group.key);
                return (
                  <section
                    key={group.key}
                    aria-labelledby={`group-${group.key}`}
                    className="rounded-xl bg-slate-50"
                  >
                    <h2 id={`group-${group.key}`}>
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        onClick={() =>
                          setOpenGroups((current) => {
                            const next = new Set(current);
                            if (next.has(group.key)) next.delete(group.key);
                            else next.add(group.key);
                            return next;
                          })
                        }
                        className="flex min-h-12 w-full items-center justify-between gap-2 rounded-xl px-4 text-left font-semibold"
                      >
                        <span className="flex items-center gap-2">
                          {isOpen ? (
                            <ChevronDown className="size-5" aria-hidden="true" />
                          ) : (
                            <ChevronRight className="size-5" aria-hidden="true" />
                          )}
                          {group.label}
                        </span>
                        <span className="text-sm font-normal text-slate-600">
                          {t('savedChats.count', { count: group.chats.length })}
                        </span>
                      </button>
                    </h2>
                    {isOpen ? (
                      <div className="flex flex-col gap-2 px-3 pb-3">
                        {group.chats.map((chat) => (
                          <ChatCard
                            key={chat.id}
                            chat={chat}
                            timeZone={timeZone}
                            onToggleFavorite={() => toggleFavorite(chat)}
                            onDelete={() => setToDelete(chat)}
                            onOpen={() => void open(chat)}
                          />
                        ))}
                      </div>
                    ) : null}
                  </section>
                );
              })}
            </div>
          )}
        </>
      )}

      <Dialog open={toDelete !== null} onOpenChange={(isOpen) => !isOpen && setToDelete(null)}>
        <DialogContent role="alertdialog">
          <DialogTitle>{t('savedChats.deleteTitle')}</DialogTitle>
          <DialogDescription>{t('savedChats.deleteText')}</DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('savedChats.cancel')}</Button>
            </DialogClose>
            <Button variant="danger" onClick={confirmDelete} disabled={deletion.isPending}>
              {deletion.isPending ? t('savedChats.deleting') : t('savedChats.confirmDelete')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}

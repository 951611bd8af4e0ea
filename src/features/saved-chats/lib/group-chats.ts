import { TZDate } from '@date-fns/tz';
import { format, startOfDay, subDays } from 'date-fns';
import { es } from 'date-fns/locale';

/** SPEC.md §2: the card title is the question cut to 8 words, '...' when longer. */
export function cardTitle(question: string): string {
  const words = question.trim().split(/\s+/).filter(Boolean);
  return words.length > 8 ? `${words.slice(0, 8).join(' ')}...` : words.join(' ');
}

/** dd/MM/yyyy HH:mm in the person's time zone. */
export function formatChatTime(createdAt: string | Date, timeZone: string): string {
  return format(new TZDate(new Date(createdAt).getTime(), timeZone), 'dd/MM/yyyy HH:mm');
}

export interface DayGroup<T> {
  /** yyyy-MM-dd, in the person's time zone. */
  key: string;
  /** 'Hoy', 'Ayer', or dd/MM/yyyy plus the weekday in Spanish. */
  label: string;
  chats: T[];
}

/** Groups chats by calendar day where the person lives, newest day first. */
export function groupByDay<T extends { created_at: string | Date }>(
  chats: T[],
  now: Date,
  timeZone: string,
  labels: { today: string; yesterday: string } = { today: 'Hoy', yesterday: 'Ayer' },
): DayGroup<T>[] {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  const todayKey = format(today, 'yyyy-MM-dd');
  const yesterdayKey = format(subDays(today, 1), 'yyyy-MM-dd');
  const groups = new Map<string, DayGroup<T>>();
  const sorted = [...chats].sort(
    (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime(),
  );
  for (const chat of sorted) {
    const local = new TZDate(new Date(chat.created_at).getTime(), timeZone);
    const key = format(local, 'yyyy-MM-dd');
    let group = groups.get(key);
    if (!group) {
      const label =
        key === todayKey
          ? labels.today
          : key === yesterdayKey
            ? labels.yesterday
            : `${format(local, 'dd/MM/yyyy')} ${format(local, 'EEEE', { locale: es, weekStartsOn: 1 })}`;
      group = { key, label, chats: [] };
      groups.set(key, group);
    }
    group.chats.push(chat);
  }
  return [...groups.values()];
}

export interface ChatFilters {
  search: string;
  category: string;
  favoritesOnly: boolean;
}

/** Case-insensitive search on question and answer, category, favourites (SPEC.md §5, with real categories). */
export function filterChats<
  T extends { question: string; answer: string; category: string; is_favorite: boolean },
>(chats: T[], { search, category, favoritesOnly }: ChatFilters): T[] {
  const needle = search.trim().toLocaleLowerCase('es');
  return chats.filter(
    (chat) =>
      (!needle ||
        chat.question.toLocaleLowerCase('es').includes(needle) ||
        chat.answer.toLocaleLowerCase('es').includes(needle)) &&
      (category === 'todas' || chat.category === category) &&
      (!favoritesOnly || chat.is_favorite),
  );
}

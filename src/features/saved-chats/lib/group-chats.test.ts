import { describe, expect, it } from 'vitest';
import { cardTitle, filterChats, formatChatTime, groupByDay } from './group-chats';

const chat = (
  id: string,
  created_at: string,
  extra: Partial<{ question: string; answer: string; category: string; is_favorite: boolean }> = {},
) => ({
  id,
  created_at,
  question: 'pregunta',
  answer: 'respuesta',
  category: 'otros',
  is_favorite: false,
  ...extra,
});

describe('groupByDay', () => {
  // 2026-03-10 13:00 in Chicago (CDT, UTC-5).
  const now = new Date('2026-03-10T18:00:00Z');

  it('labels today, yesterday and older days with the Spanish weekday, newest first', () => {
    const groups = groupByDay(
      [
        chat('old', '2026-03-02T15:00:00Z'),
        chat('today', '2026-03-10T16:00:00Z'),
        chat('yesterday', '2026-03-09T20:00:00Z'),
        chat('today2', '2026-03-10T17:00:00Z'),
      ],
      now,
      'America/Chicago',
    );
    expect(groups.map((g) => g.label)).toEqual(['Hoy', 'Ayer', '02/03/2026 lunes']);
    expect(groups[0]!.chats.map((c) => c.id)).toEqual(['today2', 'today']);
  });

  it('puts a chat on the day where the person lives, across midnight', () => {
    // 04:30Z on the 10th is 23:30 on the 9th in Chicago: yesterday there, today in UTC.
    const late = chat('late', '2026-03-10T04:30:00Z');
    expect(groupByDay([late], now, 'America/Chicago')[0]!.label).toBe('Ayer');
    expect(groupByDay([late], now, 'UTC')[0]!.label).toBe('Hoy');
    // 05:00Z is local midnight in Chicago: today.
    expect(groupByDay([chat('midnight', '2026-03-10T05:00:00Z')], now, 'America/Chicago')[0]!.label).toBe(
      'Hoy',
    );
  });

  it('formats the time as dd/MM/yyyy HH:mm in the time zone', () => {
    expect(formatChatTime('2026-03-10T04:30:00Z', 'America/Chicago')).toBe('09/03/2026 23:30');
  });
});

describe('cardTitle', () => {
  it('cuts the question to 8 words with "..."', () => {
    expect(cardTitle('¿Cómo puedo pedir asilo si llegué hace dos años a Estados Unidos?')).toBe(
      '¿Cómo puedo pedir asilo si llegué hace dos...',
    );
    expect(cardTitle('  ¿Qué es   DACA?  ')).toBe('¿Qué es DACA?');
    expect(cardTitle('uno dos tres cuatro cinco seis siete ocho')).toBe(
      'uno dos tres cuatro cinco seis siete ocho',
    );
  });
});

describe('filterChats', () => {
  const chats = [
    chat('a', '2026-03-10T10:00:00Z', {
      question: '¿Cómo renuevo DACA?',
      answer: 'Con el I-821D',
      category: 'residencia',
      is_favorite: true,
    }),
    chat('b', '2026-03-10T11:00:00Z', {
      question: 'Quiero pedir ASILO',
      answer: 'Usa el I-589',
      category: 'asilo',
    }),
    chat('c', '2026-03-10T12:00:00Z', {
      question: 'Permiso',
      answer: 'Formulario i-765 para trabajar',
      category: 'trabajo',
    }),
  ];
  const ids = (f: Parameters<typeof filterChats>[1]) => filterChats(chats, f).map((c) => c.id);
  const none = { search: '', category: 'todas', favoritesOnly: false };

  it('searches question and answer, ignoring case', () => {
    expect(ids({ ...none, search: 'asilo' })).toEqual(['b']);
    expect(ids({ ...none, search: 'I-765' })).toEqual(['c']);
    expect(ids({ ...none, search: 'nada' })).toEqual([]);
  });
  it('filters by category and favourites', () => {
    expect(ids({ ...none, category: 'trabajo' })).toEqual(['c']);
    expect(ids({ ...none, favoritesOnly: true })).toEqual(['a']);
    expect(ids({ ...none, category: 'asilo', favoritesOnly: true })).toEqual([]);
    expect(ids(none)).toEqual(['a', 'b', 'c']);
  });
});

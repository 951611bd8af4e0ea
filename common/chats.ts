import { z } from 'zod';
import { SAVED_CHAT_CATEGORIES } from './constants';

export const saveChatSchema = z.object({
  question: z.string().trim().min(1, 'No hay mensajes para guardar').max(4000),
  answer: z.string().trim().min(1, 'No hay mensajes para guardar').max(20000),
});

export const favoriteSchema = z.object({ is_favorite: z.boolean({ message: 'Indica si es favorito.' }) });

export const categoryFilterValues = ['todas', ...SAVED_CHAT_CATEGORIES] as const;
export type CategoryFilter = (typeof categoryFilterValues)[number];

import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { favoriteSchema, saveChatSchema } from '../../../common/chats';
import type { Database } from '../../db/client';
import { savedChats } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { parseInput, readJson } from '../../lib/validate';
import type { Classifier } from '../../providers/ai/classifier';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/session';
import { saveChat } from './saved-chats.service';

export const CHAT_NOT_FOUND_MESSAGE = 'No encontramos esa conversación.';

export interface SavedChatsDeps {
  auth: Auth;
  db: Database;
  classify: Classifier;
  /** Puts a saved exchange back as the user's conversation context (reopening it on /chat). */
  reopen: (userId: string, question: string, answer: string) => Promise<void>;
}

const columns = {
  id: savedChats.id,
  title: savedChats.title,
  question: savedChats.question,
  answer: savedChats.answer,
  category: savedChats.category,
  is_favorite: savedChats.isFavorite,
  created_at: savedChats.createdAt,
};

const idSchema = z.uuid({ message: CHAT_NOT_FOUND_MESSAGE });

/** Every route reads and writes only the session user's own chats; another user's id is simply not found. */
export function savedChatsRoutes({ auth, db, classify, reopen }: SavedChatsDeps) {
  async function ownChat(userId: string, rawId: string) {
    const parsed = idSchema.safeParse(rawId);
    if (!parsed.success) throw new AppError('not_found', 404, CHAT_NOT_FOUND_MESSAGE);
    const [chat] = await db
      .select(columns)
      .from(savedChats)
      .where(and(eq(savedChats.id, parsed.data), eq(savedChats.userId, userId)));
    if (!chat) throw new AppError('not_found', 404, CHAT_NOT_FOUND_MESSAGE);
    return chat;
  }

  return new Hono()
    .get('/', async (c) => {
      const user = await requireUser(c, auth);
      const chats = await db
        .select(columns)
        .from(savedChats)
        .where(eq(savedChats.userId, user.id))
        .orderBy(desc(savedChats.createdAt));
      return c.json({ chats });
    })
    .post('/', async (c) => {
      const user = await requireUser(c, auth);
      const { question, answer } = await readJson(c, saveChatSchema);
      const { id } = await saveChat(db, {
        userId: user.id,
        question,
        answer,
        category: await classify(question),
      });
      return c.json({ chat: await ownChat(user.id, id) }, 201);
    })
    .patch('/:id', async (c) => {
      const user = await requireUser(c, auth);
      const chat = await ownChat(user.id, c.req.param('id'));
      const { is_favorite } = await readJson(c, favoriteSchema);
      await db.update(savedChats).set({ isFavorite: is_favorite }).where(eq(savedChats.id, chat.id));
      return c.json({ chat: { ...chat, is_favorite } });
    })
    .delete('/:id', async (c) => {
      const user = await requireUser(c, auth);
      const chat = await ownChat(user.id, c.req.param('id'));
      await db.delete(savedChats).where(eq(savedChats.id, chat.id));
      return c.json({ ok: true });
    })
    .post('/:id/reopen', async (c) => {
      const user = await requireUser(c, auth);
      const chat = await ownChat(user.id, parseInput(z.string(), c.req.param('id')));
      await reopen(user.id, chat.question, chat.answer);
      return c.json({ chat });
    });
}

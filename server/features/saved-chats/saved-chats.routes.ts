import { and, eq } from 'drizzle-orm';
import { Hono, type TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { z } from 'zod';
import { favoriteSchema, saveChatSchema } from '../../../common/chats';
import type { Database } from '../../db/client';
import { savedChats } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { parseInput, readJson } from '../../lib/validate';
import type { Classifier } from '../../providers/ai/classifier';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/session';
import { chatColumns, type ChatListReader, type ChatListRow } from './chat-list';
import { saveChat } from './saved-chats.service';

export const CHAT_NOT_FOUND_MESSAGE = 'No encontramos esa conversación.';

export interface SavedChatsDeps {
  auth: Auth;
  db: Database;
  classify: Classifier;
  /** Puts a saved exchange back as the user's conversation context (reopening it on /chat). */
  reopen: (userId: string, question: string, answer: string) => Promise<void>;
  /** The serialized list, cached while the person's chats stay the same. */
  chatList: ChatListReader;
}

const idSchema = z.uuid({ message: CHAT_NOT_FOUND_MESSAGE });

/** Every route reads and writes only the session user's own chats; another user's id is simply not found. */
export function savedChatsRoutes({ auth, db, classify, reopen, chatList }: SavedChatsDeps) {
  async function ownChat(userId: string, rawId: string) {
    const parsed = idSchema.safeParse(rawId);
    if (!parsed.success) throw new AppError('not_found', 404, CHAT_NOT_FOUND_MESSAGE);
    const [chat] = await db
      .select(chatColumns)
      .from(savedChats)
      .where(and(eq(savedChats.id, parsed.data), eq(savedChats.userId, userId)));
    if (!chat) throw new AppError('not_found', 404, CHAT_NOT_FOUND_MESSAGE);
    return chat;
  }

  return new Hono()
    .get('/', async (c) => {
      const user = await requireUser(c, auth);
      const body = await chatList.read(user.id);
      // Private conversations stay out of browser and proxy caches (shared phones).
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'Cache-Control': 'private, no-store',
        Vary: 'Accept-Encoding',
      };
      let bytes = body.json;
      // A long history is about 0.5 MB of JSON and under half of that gzipped, which counts on a phone's data.
      if (/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '') && chatList.worthZipping(body)) {
        bytes = await chatList.cache.gzipped(user.id, body);
        headers['Content-Encoding'] = 'gzip';
      }
      // Sent as the stored bytes, typed as the JSON they hold for the client's Hono RPC types.
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers) as unknown as Response &
        TypedResponse<JSONParsed<{ chats: ChatListRow[] }>, 200, 'json'>;
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

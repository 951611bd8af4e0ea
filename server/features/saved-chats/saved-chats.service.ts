import type { SavedChatCategory } from '../../../common/constants';
import type { Database } from '../../db/client';
import { savedChats } from '../../db/schema/index';

export const TITLE_LENGTH = 50;

/** SPEC.md §3: the first 50 characters of the question, '...' when longer. */
export function chatTitle(question: string): string {
  const text = question.trim();
  return text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH)}...` : text;
}

export async function saveChat(
  db: Database,
  input: { userId: string; question: string; answer: string; category: SavedChatCategory },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(savedChats)
    .values({ ...input, title: chatTitle(input.question) })
    .returning({ id: savedChats.id });
  if (!row) throw new Error('saved chat was not written');
  return row;
}

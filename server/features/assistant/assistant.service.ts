import { and, count, desc, eq, gte } from 'drizzle-orm';
import { FREE_DAILY_QUESTIONS, GUEST_DEMO_QUESTIONS, type Plan } from '../../../common/constants';
import type { Database } from '../../db/client';
import { conversationTurns, usageEvents } from '../../db/schema/index';
import { categorize, groundingFor } from '../../knowledge/index';
import { AppError } from '../../lib/errors';
import type { AssistantModel, ChatTurn } from '../../providers/ai/index';
import { createEstadosUnidosStream } from './estados-unidos';
import { buildSystemPrompt } from './prompt';
import { countingSince, questionsLeftToday, type DayOwner } from './usage.service';

export const LIMIT_MESSAGE =
  'Has alcanzado el límite de consultas gratuitas. Actualiza tu plan para continuar.';
export const GUEST_LIMIT_MESSAGE =
  'Ya usaste tus 2 preguntas de prueba. Crea una cuenta gratis para seguir preguntando.';
/** Turns of context sent with a signed-in user's question. */
export const CONTEXT_TURNS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Asker =
  | ({ kind: 'user'; userId: string; plan: Plan | string; voiceId?: string | null } & DayOwner)
  | { kind: 'guest'; guestId: string; ipHash: string };

export interface AssistantDeps {
  db: Database;
  model: AssistantModel;
  clock: () => Date;
  /** Saves the exchange for a signed-in user (auto-save), returning the chat id. */
  saveChat: (input: {
    userId: string;
    question: string;
    answer: string;
    category: ReturnType<typeof categorize>;
  }) => Promise<{ id: string }>;
}

export type AskEvent = { type: 'delta'; text: string };
export interface AskResult {
  answer: string;
  chatId: string | null;
  remaining: number | null;
}

/**
 * Accepts a question against the usage ledger or refuses it with 429. The row
 * is written first and counted after, so two requests at once cannot both
 * take the last question.
 */
async function reserveQuestion(deps: AssistantDeps, asker: Asker): Promise<string> {
  const { db, clock } = deps;
  const now = clock();
  if (asker.kind === 'user') {
    const [row] = await db
      .insert(usageEvents)
      .values({ userId: asker.userId, createdAt: now })
      .returning({ id: usageEvents.id });
    if (asker.plan !== 'UNLIMITED') {
      const since = countingSince(now, asker);
      const [used] = await db
        .select({ n: count() })
        .from(usageEvents)
        .where(and(eq(usageEvents.userId, asker.userId), gte(usageEvents.createdAt, since)));
      if ((used?.n ?? 0) > FREE_DAILY_QUESTIONS) {
        await db.delete(usageEvents).where(eq(usageEvents.id, row!.id));
        throw new AppError('limit_reached', 429, LIMIT_MESSAGE);
      }
    }
    return row!.id;
  }
  const [row] = await db
    .insert(usageEvents)
    .values({ guestId: asker.guestId, ipHash: asker.ipHash, createdAt: now })
    .returning({ id: usageEvents.id });
  const [byCookie] = await db
    .select({ n: count() })
    .from(usageEvents)
    .where(eq(usageEvents.guestId, asker.guestId));
  // The same network may not start over with a fresh cookie for a day.
  const [byNetwork] = await db
    .select({ n: count() })
    .from(usageEvents)
    .where(
      and(eq(usageEvents.ipHash, asker.ipHash), gte(usageEvents.createdAt, new Date(now.getTime() - DAY_MS))),
    );
  if ((byCookie?.n ?? 0) > GUEST_DEMO_QUESTIONS || (byNetwork?.n ?? 0) > GUEST_DEMO_QUESTIONS) {
    await db.delete(usageEvents).where(eq(usageEvents.id, row!.id));
    throw new AppError('limit_reached', 429, GUEST_LIMIT_MESSAGE);
  }
  return row!.id;
}

/** Questions the asker may still ask now (null: no limit). */
export async function remainingFor(
  deps: Pick<AssistantDeps, 'db' | 'clock'>,
  asker: Asker,
): Promise<number | null> {
  if (asker.kind === 'user') {
    return questionsLeftToday(deps.db, { id: asker.userId, ...asker }, deps.clock());
  }
  const [byCookie] = await deps.db
    .select({ n: count() })
    .from(usageEvents)
    .where(eq(usageEvents.guestId, asker.guestId));
  // The same rule as reserveQuestion: the cookie's questions, and the network's in the last day.
  const [byNetwork] = await deps.db
    .select({ n: count() })
    .from(usageEvents)
    .where(
      and(
        eq(usageEvents.ipHash, asker.ipHash),
        gte(usageEvents.createdAt, new Date(deps.clock().getTime() - DAY_MS)),
      ),
    );
  return Math.max(0, GUEST_DEMO_QUESTIONS - Math.max(byCookie?.n ?? 0, byNetwork?.n ?? 0));
}

async function loadContext(db: Database, userId: string): Promise<ChatTurn[]> {
  const rows = await db
    .select({ role: conversationTurns.role, content: conversationTurns.content })
    .from(conversationTurns)
    .where(eq(conversationTurns.userId, userId))
    .orderBy(desc(conversationTurns.createdAt), desc(conversationTurns.id))
    .limit(CONTEXT_TURNS);
  return rows.reverse();
}

export async function clearContext(db: Database, userId: string): Promise<void> {
  await db.delete(conversationTurns).where(eq(conversationTurns.userId, userId));
}

/**
 * Answers one question: yields the text as it arrives, returns the whole
 * answer with the saved chat and the questions left. A failure gives the
 * question back (SPEC.md §4: the counter is decremented).
 */
export async function* ask(
  deps: AssistantDeps,
  asker: Asker,
  question: string,
  signal?: AbortSignal,
): AsyncGenerator<AskEvent, AskResult> {
  const usageId = await reserveQuestion(deps, asker);
  let delivered = false;
  try {
    const history = asker.kind === 'user' ? await loadContext(deps.db, asker.userId) : [];
    const audience = asker.kind === 'user' ? 'user' : 'guest';
    const grounding = groundingFor(question);
    const normalizer = createEstadosUnidosStream();
    let answer = '';
    for await (const piece of deps.model.streamAnswer({
      question,
      history,
      audience,
      system: buildSystemPrompt(audience, grounding.text),
      matches: grounding.matches,
      signal,
    })) {
      const text = normalizer.push(piece);
      if (text) {
        answer += text;
        delivered = true;
        yield { type: 'delta', text };
      }
    }
    const tail = normalizer.flush();
    if (tail) {
      answer += tail;
      yield { type: 'delta', text: tail };
    }
    answer = answer.trim();
    if (!answer)
      throw new AppError(
        'provider_error',
        502,
        'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.',
      );

    await deps.db.update(usageEvents).set({ answered: true }).where(eq(usageEvents.id, usageId));
    let chatId: string | null = null;
    if (asker.kind === 'user') {
      const at = deps.clock();
      await deps.db.insert(conversationTurns).values([
        { userId: asker.userId, role: 'user', content: question, createdAt: at },
        { userId: asker.userId, role: 'assistant', content: answer, createdAt: new Date(at.getTime() + 1) },
      ]);
      chatId = (
        await deps.saveChat({ userId: asker.userId, question, answer, category: categorize(question) })
      ).id;
    }
    return { answer, chatId, remaining: await remainingFor(deps, asker) };
  } catch (error) {
    // The question is given back when answering failed, not when the person
    // already read part of the answer or walked away from it.
    if (!delivered && !signal?.aborted) await deps.db.delete(usageEvents).where(eq(usageEvents.id, usageId));
    throw error;
  }
}

/** Older context first, for reopening a saved conversation. */
export async function seedContext(db: Database, userId: string, turns: ChatTurn[], at: Date): Promise<void> {
  await clearContext(db, userId);
  if (turns.length === 0) return;
  await db.insert(conversationTurns).values(
    turns.map((turn, i) => ({
      userId,
      role: turn.role,
      content: turn.content,
      createdAt: new Date(at.getTime() + i),
    })),
  );
}

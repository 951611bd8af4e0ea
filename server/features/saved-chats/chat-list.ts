import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, savedChats } from '../../db/schema/index';

const gzip = promisify(gzipCallback);

/** What each saved chat carries in the list and in the single-chat answers. */
export const chatColumns = {
  id: savedChats.id,
  title: savedChats.title,
  question: savedChats.question,
  answer: savedChats.answer,
  category: savedChats.category,
  is_favorite: savedChats.isFavorite,
  created_at: savedChats.createdAt,
};

/** Room for the lists of a few hundred people with long histories (500 chats are about 0.5 MB). */
export const CHAT_LIST_CACHE_BYTES = 32 * 1024 * 1024;
/** Below this a list is sent as it is: gzip would gain little and cost a round of work. */
const GZIP_MIN_BYTES = 1024;

/** A serialized list: its JSON bytes and, once someone asked for it, the same bytes gzipped. */
export interface ChatListBody {
  json: Buffer;
  gzip?: Buffer;
}

interface Entry extends ChatListBody {
  version: number;
}

/**
 * The serialized chat list of each person, kept while their chats_version
 * (raised by database triggers on every change to their saved chats) stays
 * the same, so any instance sees the changes made through any other. One
 * entry per person, bounded in bytes, least recently used out first.
 */
export class ChatListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = CHAT_LIST_CACHE_BYTES) {}

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(userId: string, version: number): ChatListBody | undefined {
    const entry = this.entries.get(userId);
    if (!entry || entry.version !== version) return undefined;
    // Map order is the eviction order: a hit moves to the back.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry;
  }

  set(userId: string, version: number, json: Buffer): ChatListBody {
    this.remove(userId);
    const entry: Entry = { version, json };
    if (json.length <= this.maxBytes) {
      this.entries.set(userId, entry);
      this.bytes += json.length;
      this.evict();
    }
    return entry;
  }

  /** The gzipped bytes of a person's list, made once (off the main thread) and kept with it. */
  async gzipped(userId: string, body: ChatListBody): Promise<Buffer> {
    if (body.gzip) return body.gzip;
    const zipped = await gzip(body.json);
    if (!body.gzip) {
      body.gzip = zipped;
      // Counted only while the entry is still held: it may have been replaced meanwhile.
      if (this.entries.get(userId) === body) {
        this.bytes += zipped.length;
        this.evict();
      }
    }
    return zipped;
  }

  private remove(userId: string) {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.entries.delete(userId);
    this.bytes -= entry.json.length + (entry.gzip?.length ?? 0);
  }

  private evict() {
    for (const userId of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.remove(userId);
    }
  }
}

function versionQuery(db: Database) {
  return db
    .select({ version: profiles.chatsVersion })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('userId')))
    .prepare('chats_version');
}

function listQuery(db: Database) {
  return db
    .select(chatColumns)
    .from(savedChats)
    .where(eq(savedChats.userId, sql.placeholder('userId')))
    .orderBy(desc(savedChats.createdAt))
    .prepare('chat_list');
}

export type ChatListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

/**
 * Reads a person's chat list, newest first, as the JSON `{ chats }`: from the
 * cache when their chats have not changed since it was read, else from the
 * database. The version is read before the chats, so a list is never older
 * than the version it is kept under.
 */
export function createChatListReader(db: Database, cache = new ChatListCache()) {
  // Prepared on first use: their SQL is built once, not on every request.
  let queries: { version: ReturnType<typeof versionQuery>; list: ReturnType<typeof listQuery> } | undefined;
  return {
    cache,
    async read(userId: string): Promise<ChatListBody> {
      queries ??= { version: versionQuery(db), list: listQuery(db) };
      const [profile] = await queries.version.execute({ userId });
      if (profile) {
        const hit = cache.get(userId, profile.version);
        if (hit) return hit;
      }
      const chats = await queries.list.execute({ userId });
      const json = Buffer.from(JSON.stringify({ chats }));
      // No profile row means no version to check against: such a list is not kept.
      return profile ? cache.set(userId, profile.version, json) : { json };
    },
    /** Whether a body of this size is worth sending gzipped to a client that accepts it. */
    worthZipping: (body: ChatListBody) => body.json.length >= GZIP_MIN_BYTES,
  };
}

export type ChatListReader = ReturnType<typeof createChatListReader>;

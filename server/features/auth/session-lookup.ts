import type { BetterAuthOptions, DBAdapter } from 'better-auth';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { session, user } from '../../db/schema/index';

/** better-auth's database adapter as `database` takes it: built once it knows its options. */
type AdapterFactory = (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions>;

function sessionWithUserQuery(db: Database) {
  return db
    .select({ session, user })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('session_with_user');
}

/** better-auth's session read: one session by its token, with its user (internal-adapter findSession). */
function sessionByToken(query: Parameters<DBAdapter['findOne']>[0]): string | undefined {
  const [condition, ...more] = query.where;
  const joinsUser = query.join !== undefined && Object.keys(query.join).join() === 'user';
  const plain = condition && !condition.operator && !condition.connector && condition.field === 'token';
  return query.model === 'session' && joinsUser && !query.select && !more.length && plain
    ? String(condition.value)
    : undefined;
}

/**
 * Every signed-in request reads its session and the session's user. better-
 * auth's Drizzle adapter does it in two queries whose SQL is built each time
 * (or, with its joins, in one built by Drizzle's slower relational builder):
 * here it is one prepared query. Everything else, and a session read inside
 * a transaction, is better-auth's own adapter unchanged.
 */
export function withOneQuerySessions(adapterFactory: AdapterFactory, db: Database): AdapterFactory {
  return (options) => {
    const adapter = adapterFactory(options);
    let query: ReturnType<typeof sessionWithUserQuery> | undefined;
    return {
      ...adapter,
      findOne: async <T>(args: Parameters<DBAdapter['findOne']>[0]) => {
        const token = sessionByToken(args);
        if (token === undefined) return adapter.findOne<T>(args);
        query ??= sessionWithUserQuery(db);
        const [row] = await query.execute({ token });
        return (row ? { ...row.session, user: row.user } : null) as T | null;
      },
    };
  };
}

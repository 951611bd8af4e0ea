import { Hono, type Context } from 'hono';
import type { RateLimiter } from '../../lib/rate-limit';
import { readJson } from '../../lib/validate';
import { helpMessageSchema, type HelpResponder } from './help-chat';

const HOUR = 60 * 60 * 1000;

export function helpChatRoutes({
  respond,
  limiter,
  clientIp,
}: {
  respond: HelpResponder;
  limiter: RateLimiter;
  clientIp: (c: Context) => string;
}) {
  return new Hono().post('/', async (c) => {
    const { message, history } = await readJson(c, helpMessageSchema);
    await limiter.hit({ name: 'help-chat', limit: 60, windowMs: HOUR }, clientIp(c));
    return c.json({ reply: await respond(message, history) });
  });
}

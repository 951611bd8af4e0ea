import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The address of the connection. Behind a load balancer this is the balancer;
 * deployments that terminate there should pass the client address through a
 * trusted proxy setting (a later addition) rather than trusting X-Forwarded-For.
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export type ClientIp = (c: Context) => string;

/**
 * The client's network address, which the abuse limits key on. By default the
 * connection's address: X-Forwarded-For can be written by anyone. Behind
 * `trustedProxies` proxies (TRUST_PROXY; a load balancer is 1), each of which
 * appends the address it received from, the client is that many entries from
 * the right of the header; anything further left was sent by the client itself.
 */
export function createClientIp(trustedProxies: number): ClientIp {
  return (c) => {
    const socket = socketAddress(c);
    if (trustedProxies === 0) return socket;
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Nearest first: the socket (the last proxy), then what each proxy appended.
    const chain = [socket, ...forwarded.reverse()];
    return chain[Math.min(trustedProxies, chain.length - 1)]!;
  };
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

import type { TestApp } from './helpers';

/**
 * A browser-like client for app.request(): keeps cookies, sends the trusted
 * Origin on writes (as browsers do), speaks JSON.
 */
/** Default shape read by tests: our `{ error }` answers and better-auth's `{ message }`. */
export interface LooseBody {
  error: { code: string; message: string; fields?: Record<string, string> };
  message: string;
  [key: string]: unknown;
}

export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    private readonly t: Pick<TestApp, 'app' | 'config'>,
    /** The network address the server sees (getConnInfo reads it from the socket). */
    private readonly ip = '203.0.113.10',
    private readonly origin = t.config.publicUrl,
  ) {}

  async request(
    path: string,
    init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    if (init.method && init.method !== 'GET') headers.set('Origin', headers.get('Origin') ?? this.origin);
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await this.t.app.request(
      path,
      {
        method: init.method ?? 'GET',
        headers,
        body: init.body ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      },
      { incoming: { socket: { remoteAddress: this.ip, remotePort: 50000, remoteFamily: 'IPv4' } } },
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async json<T = LooseBody>(path: string, init: Parameters<TestClient['request']>[1] = {}) {
    const response = await this.request(path, init);
    return { status: response.status, body: (await response.json()) as T, response };
  }

  /** The same cookies, seen from another network address. */
  from(ip: string): TestClient {
    const other = new TestClient(this.t, ip, this.origin);
    other.cookies = this.cookies;
    return other;
  }

  /** The same cookies, sent to another app: a second instance over the same database. */
  on(other: Pick<TestApp, 'app' | 'config'>): TestClient {
    const client = new TestClient(other, this.ip, this.origin);
    client.cookies = this.cookies;
    return client;
  }

  get signedIn(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }

  async signUp(email: string, password = 'secreto-123', name = 'Ana') {
    return this.json('/api/auth/sign-up/email', { method: 'POST', json: { email, password, name } });
  }
}

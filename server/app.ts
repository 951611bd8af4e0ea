import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import type { ApiErrorBody } from '../common/errors';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { createAuth, type Auth } from './features/auth/auth';
import { authRoutes } from './features/auth/auth.routes';
import { questionsLeftToday } from './features/assistant/usage.service';
import { healthRoutes } from './features/health/health.routes';
import { clientIp } from './lib/client-ip';
import {
  AppError,
  BAD_REQUEST_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  PAYLOAD_TOO_LARGE_MESSAGE,
} from './lib/errors';
import type { Logger } from './lib/logger';
import { createRateLimiter } from './lib/rate-limit';
import { createEmailProvider, type EmailProvider } from './providers/email/index';
import { chooseProviders } from './providers/index';
import { createSmsProvider, type SmsProvider } from './providers/sms/index';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  config: Config;
  database: Pick<DatabaseHandle, 'db' | 'driver' | 'ping'>;
  logger: Logger;
  auth: Auth;
  /** Folder of the built SPA (dist/). Absent in API-only tests. */
  clientDir?: string;
  /** The time, replaceable in tests (day limits, windows). */
  clock?: () => Date;
}

export interface ServerDeps extends Omit<AppDeps, 'auth'> {
  authSecret: string;
  sms?: SmsProvider;
  email?: EmailProvider;
}

/** Builds the providers and better-auth from configuration, then the app. */
export function buildApp(deps: ServerDeps) {
  const sms = deps.sms ?? createSmsProvider(deps.config, deps.logger);
  const email = deps.email ?? createEmailProvider(deps.config, deps.logger);
  const auth = createAuth({ db: deps.database.db, config: deps.config, secret: deps.authSecret, sms, email });
  return { app: createApp({ ...deps, auth }), auth, sms, email };
}

export const FORBIDDEN_ORIGIN_MESSAGE = 'Solicitud no permitida.';

export function createApp({ config, database, logger, auth, clientDir, clock = () => new Date() }: AppDeps) {
  const app = new Hono();
  const limiter = createRateLimiter(database.db, clock);
  const trustedOrigins = new Set(auth.options.trustedOrigins as string[]);

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // Path only: query strings may carry personal data.
    logger.info(
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner set inline style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      xContentTypeOptions: 'nosniff',
      strictTransportSecurity: config.isProduction ? 'max-age=31536000; includeSubDomains' : false,
      permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [] },
    }),
  );

  // JSON bodies are small; routes that take uploads set their own, larger limit.
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: JSON_BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError('payload_too_large', 413, PAYLOAD_TOO_LARGE_MESSAGE);
      },
    }),
  );

  // Cross-site requests may not change anything. Browsers always send Origin on
  // such requests; better-auth checks its own routes the same way.
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('Origin');
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && origin && !trustedOrigins.has(origin)) {
      throw new AppError('forbidden', 403, FORBIDDEN_ORIGIN_MESSAGE);
    }
    await next();
  });

  const api = createApi({ config, database, auth, limiter, clock });
  app.route('/api', api);

  if (clientDir) mountClient(app, clientDir);

  app.notFound((c) =>
    c.json<ApiErrorBody>({ error: { code: 'not_found', message: NOT_FOUND_MESSAGE } }, 404),
  );

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.status >= 500)
        logger.error({ err: error, reqId: c.get('requestId') }, error.options.logMessage ?? error.message);
      const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
      if (error.options.fields) body.error.fields = error.options.fields;
      if (error.options.retryAfter) c.header('Retry-After', String(error.options.retryAfter));
      return c.json(body, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono raises these for malformed bodies and similar client mistakes.
      return c.json<ApiErrorBody>(
        { error: { code: 'bad_request', message: BAD_REQUEST_MESSAGE } },
        error.status,
      );
    }
    logger.error({ err: error, reqId: c.get('requestId') }, 'unhandled error');
    return c.json<ApiErrorBody>({ error: { code: 'internal', message: GENERIC_ERROR_MESSAGE } }, 500);
  });

  return app;
}

interface ApiDeps {
  config: Config;
  database: AppDeps['database'];
  auth: Auth;
  limiter: ReturnType<typeof createRateLimiter>;
  clock: () => Date;
}

/** The /api routes, chained so their types reach the SPA's client (Hono RPC). */
function createApi({ config, database, auth, limiter, clock }: ApiDeps) {
  const db = database.db;
  return new Hono()
    .route(
      '/health',
      healthRoutes({ driver: database.driver, ping: database.ping, providers: chooseProviders(config) }),
    )
    .route('/', authRoutes({ auth, db, limiter, clientIp }))
    .route(
      '/me',
      accountRoutes({
        auth,
        db,
        config,
        questionsLeftToday: (profile) => questionsLeftToday(db, profile, clock()),
      }),
    )
    .all('/*', () => {
      throw new AppError('not_found', 404, NOT_FOUND_MESSAGE);
    });
}

/** The API's type, for `hc<ApiType>('/api')` in the browser. */
export type ApiType = ReturnType<typeof createApi>;

/** Serves the built SPA: hashed assets cached for a year, every other path gets index.html. */
function mountClient(app: Hono, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  app.use('*', compress());
  // Without a build, every page answers 503 below with how to build it.
  if (fs.existsSync(clientDir)) {
    // File names under /assets carry a content hash: they never change.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', serveStatic({ root: clientDir }));
    // A chunk from an older build must fail loudly, not come back as index.html.
    app.get('/assets/*', (c) => c.text('Not found', 404));
    app.use('*', serveStatic({ root: clientDir, index: '__no_directory_index__' }));
  }
  app.get('*', (c) => {
    let html: string;
    try {
      html = fs.readFileSync(indexFile, 'utf8');
    } catch {
      return c.text('The app has not been built yet: run `npm run build`, then restart.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}

export type App = ReturnType<typeof createApp>;

import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { UPLOAD_MAX_BYTES } from '../common/constants';
import type { ApiErrorBody } from '../common/errors';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { getOrCreateProfile } from './features/account/account.service';
import { assistantRoutes } from './features/assistant/assistant.routes';
import { seedContext } from './features/assistant/assistant.service';
import { createAuth, isPlaceholderEmail, type Auth } from './features/auth/auth';
import { authRoutes } from './features/auth/auth.routes';
import { questionsLeftToday } from './features/assistant/usage.service';
import { savedChatsRoutes } from './features/saved-chats/saved-chats.routes';
import { saveChat } from './features/saved-chats/saved-chats.service';
import { createChatListReader } from './features/saved-chats/chat-list';
import { documentsRoutes } from './features/documents/documents.routes';
import { createLetterReader, type LetterReader } from './features/documents/understand';
import { sharedExtractionSandbox, type LetterTextReader } from './features/documents/extraction-sandbox';
import { formsRoutes, localFilesRoutes } from './features/forms/forms.routes';
import { blogRoutes } from './features/blog/blog.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { closeBillingFor, readMembership, settleLoadedMembership } from './features/billing/billing.service';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { createHelpResponder, type HelpResponder } from './features/help-chat/help-chat';
import { helpChatRoutes } from './features/help-chat/help-chat.routes';
import { healthRoutes } from './features/health/health.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { createClientIp } from './lib/client-ip';
import {
  AppError,
  BAD_REQUEST_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  INVALID_CHARACTERS_MESSAGE,
  isDatabaseUnreachable,
  NOT_FOUND_MESSAGE,
  PAYLOAD_TOO_LARGE_MESSAGE,
  UNAVAILABLE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from './lib/errors';
import type { Logger } from './lib/logger';
import { createRateLimiter } from './lib/rate-limit';
import { bodyCarriesNul } from './lib/validate';
import { createEmailProvider, type EmailProvider } from './providers/email/index';
import { createClassifier, type Classifier } from './providers/ai/classifier';
import { createAssistantModel, type AssistantModel } from './providers/ai/index';
import { chooseProviders } from './providers/index';
import {
  createSpeechProvider,
  createTranscriptionProvider,
  type SpeechProvider,
  type TranscriptionProvider,
} from './providers/speech/index';
import { createPaymentProvider, type PaymentProvider } from './providers/payments/index';
import { createSmsProvider, type SmsProvider } from './providers/sms/index';
import { createStorageProvider, localStorageRoot, type StorageProvider } from './providers/storage/index';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** Room for the multipart headers around a 10 MB file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const UPLOAD_ROUTES = new Set(['/api/assistant/transcribe', '/api/documents/process']);

export interface AppDeps {
  config: Config;
  database: Pick<DatabaseHandle, 'db' | 'driver' | 'ping'>;
  logger: Logger;
  auth: Auth;
  /** Folder of the built SPA (dist/). Absent in API-only tests. */
  clientDir?: string;
  /** The time, replaceable in tests (day limits, windows). */
  clock?: () => Date;
  /** Signs guest cookies and hashes network addresses (AUTH_SECRET). */
  secret: string;
  model: AssistantModel;
  classify: Classifier;
  readLetter: LetterReader;
  readLetterText: LetterTextReader;
  helpChat: HelpResponder;
  storage: StorageProvider;
  speech: SpeechProvider;
  transcription: TranscriptionProvider;
  payments: PaymentProvider;
  email: EmailProvider;
  sms: SmsProvider;
}

/** What buildApp makes from configuration unless a test passes its own. */
type Replaceable =
  | 'model'
  | 'classify'
  | 'readLetter'
  | 'readLetterText'
  | 'helpChat'
  | 'storage'
  | 'speech'
  | 'transcription'
  | 'payments';

export interface ServerDeps
  extends
    Omit<AppDeps, 'auth' | 'secret' | 'sms' | 'email' | Replaceable>,
    Partial<Pick<AppDeps, Replaceable>> {
  authSecret: string;
  sms?: SmsProvider;
  email?: EmailProvider;
  /** Waits between model retries; tests pass fake timers through it. */
  sleep?: (ms: number) => Promise<void>;
}

/** Builds the providers and better-auth from configuration, then the app. */
export function buildApp(deps: ServerDeps) {
  const { config, logger } = deps;
  const sms = deps.sms ?? createSmsProvider(config, logger);
  const email = deps.email ?? createEmailProvider(config, logger);
  const auth = createAuth({ db: deps.database.db, config, secret: deps.authSecret, sms, email, logger });
  const payments = deps.payments ?? createPaymentProvider(config);
  const app = createApp({
    ...deps,
    sms,
    email,
    auth,
    payments,
    secret: deps.authSecret,
    model: deps.model ?? createAssistantModel(config, { sleep: deps.sleep }),
    classify: deps.classify ?? createClassifier(config),
    readLetter: deps.readLetter ?? createLetterReader(config, { sleep: deps.sleep }),
    readLetterText: deps.readLetterText ?? sharedExtractionSandbox().read,
    helpChat: deps.helpChat ?? createHelpResponder(config, { sleep: deps.sleep }),
    storage: deps.storage ?? createStorageProvider(config, deps.authSecret, deps.clock),
    speech: deps.speech ?? createSpeechProvider(config),
    transcription: deps.transcription ?? createTranscriptionProvider(config),
  });
  return { app, auth, sms, email, payments };
}

export const FORBIDDEN_ORIGIN_MESSAGE = 'Solicitud no permitida.';

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    // Malformed JSON: better-auth answers that with its own 400.
    return true;
  }
}

/** better-auth puts the session token in its JSON (sign-in, sign-up, get-session, list-sessions). */
function carriesToken(value: unknown, depth = 0): boolean {
  if (depth > 3 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => carriesToken(item, depth + 1));
  return Object.entries(value).some(([key, inner]) => key === 'token' || carriesToken(inner, depth + 1));
}

function withoutTokens(value: unknown, depth = 0): unknown {
  if (depth > 3 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withoutTokens(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, withoutTokens(inner, depth + 1)]),
  );
}

export function createApp(deps: AppDeps) {
  const { config, logger, auth, clientDir, clock = () => new Date() } = deps;
  const app = new Hono();
  const limiter = createRateLimiter(deps.database.db, deps.secret, clock);
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

  // Answers of the API are personal unless a route says otherwise (the helped
  // counter): no browser, proxy or CDN may keep them.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // JSON bodies are small; the upload routes get the upload limit (10 MB, inclusive).
  const limitBody = (maxSize: number, message: string) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError('payload_too_large', 413, message);
      },
    });
  const jsonLimit = limitBody(JSON_BODY_LIMIT_BYTES, PAYLOAD_TOO_LARGE_MESSAGE);
  const uploadLimit = limitBody(UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE);
  app.use('/api/*', (c, next) => {
    // GET and HEAD carry no body; asking for one would build a whole fetch Request per read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return UPLOAD_ROUTES.has(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next);
  });

  // Cross-site requests may not change anything. Browsers always send Origin on
  // such requests; better-auth checks its own routes the same way. Where a proxy
  // or an extension stripped Origin, Sec-Fetch-Site still tells.
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('Origin');
    const crossSite = origin ? !trustedOrigins.has(origin) : c.req.header('Sec-Fetch-Site') === 'cross-site';
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && crossSite) {
      throw new AppError('forbidden', 403, FORBIDDEN_ORIGIN_MESSAGE);
    }
    await next();
  });

  // better-auth answers on its own, past readJson and onError.
  app.use('/api/auth/*', async (c, next) => {
    if (c.req.method === 'POST') {
      // PostgreSQL cannot store NUL: text carrying one is refused here rather than failing there.
      const text = await c.req.raw
        .clone()
        .text()
        .catch(() => '');
      if (bodyCarriesNul(text, c.req.header('Content-Type'))) {
        throw new AppError('bad_request', 400, INVALID_CHARACTERS_MESSAGE);
      }
      // better-auth expects an object and fails with 500 on `null`, `1`, `"x"` or `[]`.
      if (text.trim() && !isJsonObject(text)) throw new AppError('bad_request', 400, BAD_REQUEST_MESSAGE);
    }
    await next();
    // The session lives in an httpOnly cookie; its token is not for scripts to read.
    if (c.res.ok && c.res.headers.get('Content-Type')?.includes('json')) {
      const body: unknown = await c.res
        .clone()
        .json()
        .catch(() => undefined);
      if (body !== undefined && carriesToken(body)) {
        const headers = new Headers(c.res.headers);
        headers.delete('Content-Length');
        c.res = new Response(JSON.stringify(withoutTokens(body)), { status: c.res.status, headers });
      }
    }
    // better-auth answers 500 on any failure of its own; when the database is out of reach, say so.
    if (c.res.status >= 500) {
      const down = await deps.database.ping().then(
        () => false,
        () => true,
      );
      if (down) throw new AppError('unavailable', 503, UNAVAILABLE_MESSAGE, { retryAfter: 30 });
    }
    // Its errors without a JSON body (an unknown path, a crash) get ours, in Spanish.
    if (c.res.status >= 400 && !c.res.headers.get('Content-Type')?.includes('json')) {
      const status = c.res.status as ContentfulStatusCode;
      const error: ApiErrorBody['error'] =
        status === 404
          ? { code: 'not_found', message: NOT_FOUND_MESSAGE }
          : status >= 500
            ? { code: 'internal', message: GENERIC_ERROR_MESSAGE }
            : { code: 'bad_request', message: BAD_REQUEST_MESSAGE };
      c.res = new Response(JSON.stringify({ error }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
      c.res.headers.delete('Content-Length');
    }
  });

  const api = createApi({ ...deps, limiter, clock });
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
    if (isDatabaseUnreachable(error)) {
      logger.error({ err: error, reqId: c.get('requestId') }, 'database unreachable');
      c.header('Retry-After', '30');
      return c.json<ApiErrorBody>({ error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } }, 503);
    }
    logger.error({ err: error, reqId: c.get('requestId') }, 'unhandled error');
    return c.json<ApiErrorBody>({ error: { code: 'internal', message: GENERIC_ERROR_MESSAGE } }, 500);
  });

  return app;
}

interface ApiDeps extends AppDeps {
  limiter: ReturnType<typeof createRateLimiter>;
  clock: () => Date;
}

/** The /api routes, chained so their types reach the SPA's client (Hono RPC). */
function createApi(deps: ApiDeps) {
  const { config, database, auth, limiter, clock, logger } = deps;
  const db = database.db;
  const clientIp = createClientIp(config.TRUST_PROXY);
  // The plan is read from the server on every use, after the membership is
  // brought up to date (a trial that ended, a cancellation whose period is over).
  // One query when nothing changed: the profile with the latest subscription.
  const loadProfile = async (user: { id: string; email: string; name: string }) => {
    const settled = await settleLoadedMembership(db, user.id, await readMembership(db, user.id), clock());
    if (settled.profile) return settled.profile;
    // First read of an account made before profiles existed: create it, then settle its plan.
    await getOrCreateProfile(
      db,
      { ...user, email: isPlaceholderEmail(user.email) ? '' : user.email },
      config.DEFAULT_PLAN,
    );
    const created = await settleLoadedMembership(db, user.id, await readMembership(db, user.id), clock());
    if (!created.profile) throw new Error('profile vanished while being created');
    return created.profile;
  };
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
        loadProfile,
        questionsLeftToday: (profile) => questionsLeftToday(db, profile, clock()),
        closeBilling: (userId) => closeBillingFor(db, deps.payments, userId, clock()),
        limiter,
        clock,
        clientIp,
        email: deps.email,
        sms: deps.sms,
      }),
    )
    .route(
      '/assistant',
      assistantRoutes({
        db,
        auth,
        config,
        logger,
        limiter,
        clock,
        clientIp,
        secret: deps.secret,
        model: deps.model,
        speech: deps.speech,
        transcription: deps.transcription,
        loadAskerProfile: loadProfile,
        saveChat: async (input) => saveChat(db, { ...input, category: await deps.classify(input.question) }),
      }),
    )
    .route('/forms', formsRoutes({ db, auth, storage: deps.storage, logger }))
    .route('/billing', billingRoutes({ db, auth, payments: deps.payments, limiter, logger, clock, clientIp }))
    .route('/stats', statsRoutes({ db, baseline: config.HELPED_BASELINE, clock }))
    .route('/blog', blogRoutes({ db }))
    .route('/feedback', feedbackRoutes({ db, auth, limiter, clientIp }))
    .route('/help-chat', helpChatRoutes({ respond: deps.helpChat, limiter, clientIp }))
    .route(
      '/documents',
      documentsRoutes({ auth, limiter, readLetterText: deps.readLetterText, readLetter: deps.readLetter }),
    )
    .route('/files', localFilesRoutes({ root: localStorageRoot(config), secret: deps.secret, clock }))
    .route(
      '/chats',
      savedChatsRoutes({
        auth,
        db,
        classify: deps.classify,
        chatList: createChatListReader(db),
        reopen: (userId, question, answer) =>
          seedContext(
            db,
            userId,
            [
              { role: 'user', content: question },
              { role: 'assistant', content: answer },
            ],
            clock(),
          ),
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

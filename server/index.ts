import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { buildApp } from './app';
import { deleteAccount } from './features/account/account.service';
import { sweepUnfinishedSignUps } from './features/billing/billing.service';
import { superviseWorkers } from './cluster';
import { stopSharedExtractionSandbox } from './features/documents/extraction-sandbox';
import { ConfigError, loadConfig, productionWarnings, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { ContentError, loadContent } from './db/content';
import { startRetentionJob } from './jobs/retention';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { resolveAuthSecret } from './lib/auth-secret';
import { createLogger } from './lib/logger';
import { restrictToOwner } from './lib/private-files';
import { chooseProviders } from './providers/index';

// The only file that listens on a port: configuration, database, migrations,
// content, the retention job, HTTP server and graceful shutdown. With WORKERS
// above 1, the first process only supervises (cluster.ts) and each worker it
// starts runs all of this.

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  // Everything the server writes under DATA_DIR (the embedded database, the
  // generated secret, the outbox, stored files) is for its own user only.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  if (cluster.isPrimary) for (const warning of productionWarnings(config)) logger.warn(warning);
  if (config.WORKERS > 1 && cluster.isPrimary) return superviseWorkers(config.WORKERS, logger);

  let releaseLock: (() => void) | undefined;
  let database: DatabaseHandle;
  if (config.DATABASE_URL) {
    database = await openDatabase({ driver: 'postgres', url: config.DATABASE_URL });
  } else {
    const dataDir = path.join(config.dataDir, 'pglite');
    releaseLock = acquireDataDirLock(config.dataDir);
    database = await openDatabase({ driver: 'pglite', dataDir });
  }

  const started = performance.now();
  await database.migrate();
  restrictToOwner(config.dataDir);
  const content = await loadContent(database.db, path.join(rootDir, 'content'));
  logger.info(
    { driver: database.driver, ms: Math.round(performance.now() - started), ...content },
    'database ready',
  );

  // Hourly purge of what is older than the retention period; every instance runs it and
  // an advisory lock lets one at a time do the work.
  const stopRetention = startRetentionJob({ db: database.db, logger });

  const { app, payments } = buildApp({
    config,
    database,
    logger,
    authSecret: resolveAuthSecret(config, logger),
    clientDir: path.join(rootDir, 'dist'),
  });
  // A sign-up with payment that a killed process left half-made is undone before serving.
  await sweepUnfinishedSignUps({
    db: database.db,
    payments,
    now: new Date(),
    logger,
    deleteAccount: (userId) => deleteAccount(database.db, userId, undefined),
  });

  const server: ServerType = serve({ fetch: app.fetch, port: config.PORT }, (info) => {
    logger.info(
      { port: info.port, url: config.publicUrl, providers: chooseProviders(config) },
      `listening on http://localhost:${info.port}`,
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Requests in flight finish; a stuck one does not hold the process forever.
    const force = setTimeout(() => {
      logger.warn('forced exit after 10 s');
      releaseLock?.();
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await stopRetention().catch(() => undefined);
      await stopSharedExtractionSandbox().catch(() => undefined);
      await database.close().catch((error: unknown) => logger.error({ err: error }, 'closing the database'));
      releaseLock?.();
      logger.info('stopped');
      process.exit(0);
    });
    // Idle keep-alive connections would otherwise keep close() waiting.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // A worker whose supervisor is gone stops too, rather than serving on unwatched.
  if (cluster.isWorker) process.on('disconnect', () => shutdown('disconnect'));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ContentError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});

import cluster from 'node:cluster';
import type { Logger } from './lib/logger';

// With WORKERS above 1 (over PostgreSQL only: config.ts), the process started
// by `npm run serve` runs no app itself. It starts that many copies of
// server/index.ts, which share its port (the primary hands out connections in
// turn), and replaces any that dies. One process per core: a single Node
// process uses one core for JavaScript, however many the machine has. The
// workers share everything through the database, as separate instances do.

/** How long the workers get to finish their requests after SIGTERM (each allows itself 10 s). */
const STOP_GRACE_MS = 15_000;

export function superviseWorkers(count: number, logger: Logger): void {
  let stopping = false;
  /** What this process exits with once every worker has stopped. */
  let exitCode = 0;
  const listened = new Set<number>();

  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down the workers');
    stopAll('SIGTERM');
    setTimeout(() => {
      logger.warn('workers still running after 15 s: stopping them');
      stopAll('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };

  cluster.on('listening', (worker) => listened.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && !listened.has(worker.id)) {
      // It failed while starting (its own log says why): another would fail the same way.
      logger.fatal({ workerPid: worker.process.pid, code, signal }, 'a worker failed to start; stopping');
      exitCode = 1;
      shutdown('SIGTERM');
    } else if (!stopping) {
      logger.error({ workerPid: worker.process.pid, code, signal }, 'a worker stopped; starting another');
      cluster.fork();
      return;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      logger.info('all workers stopped');
      process.exit(exitCode);
    }
  });

  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  logger.info({ workers: count }, 'starting workers');
  for (let i = 0; i < count; i++) cluster.fork();
}

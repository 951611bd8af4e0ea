import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { buildApp, type createApp, type ServerDeps } from '../app';
import { createLetterReader } from '../features/documents/understand';
import { sharedExtractionSandbox } from '../features/documents/extraction-sandbox';
import { createHelpResponder } from '../features/help-chat/help-chat';
import { createClassifier } from '../providers/ai/classifier';
import { createAssistantModel } from '../providers/ai/index';
import { createSpeechProvider, createTranscriptionProvider } from '../providers/speech/index';
import { createPaymentProvider } from '../providers/payments/index';
import { createStorageProvider } from '../providers/storage/index';
import { createSmsProvider } from '../providers/sms/index';
import { createEmailProvider } from '../providers/email/index';
import { createTestDatabase } from '../db/test-databases';
import type { DatabaseHandle } from '../db/client';
import type { Auth } from '../features/auth/auth';
import { createLogger, type DestinationStream } from '../lib/logger';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-better-auth';

/** A config as the server would build it, from overrides of the environment. */
export function createTestConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', AUTH_SECRET: TEST_SECRET, ...env });
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  /** Where the outbox providers write (DATA_DIR). */
  dataDir: string;
  close(): Promise<void>;
}

/** The real app over a fresh migrated in-memory database. */
/** The providers buildApp would pick from a config, for tests that call createApp directly. */
export function providersFor(config: Config) {
  return {
    secret: TEST_SECRET,
    model: createAssistantModel(config),
    classify: createClassifier(config),
    readLetter: createLetterReader(config),
    readLetterText: sharedExtractionSandbox().read,
    helpChat: createHelpResponder(config),
    storage: createStorageProvider(config, TEST_SECRET),
    speech: createSpeechProvider(config),
    transcription: createTranscriptionProvider(config),
    payments: createPaymentProvider(config),
    sms: createSmsProvider(config, createLogger(config)),
    email: createEmailProvider(config, createLogger(config)),
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clientDir?: string;
    clock?: () => Date;
    sleep?: (ms: number) => Promise<void>;
    /** Receives every log line (JSON); set LOG_LEVEL in env, since tests log nothing by default. */
    logDestination?: DestinationStream;
  } & Partial<Pick<ServerDeps, 'model' | 'speech' | 'transcription' | 'readLetterText'>> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-test-'));
  const config = createTestConfig({ DATA_DIR: dataDir, ...options.env });
  const database = await createTestDatabase();
  const logger = createLogger(config, options.logDestination);
  const { app, auth } = buildApp({
    config,
    database,
    logger,
    authSecret: TEST_SECRET,
    clientDir: options.clientDir,
    clock: options.clock,
    sleep: options.sleep,
    model: options.model,
    speech: options.speech,
    transcription: options.transcription,
    readLetterText: options.readLetterText,
  });
  return {
    app,
    config,
    database,
    auth,
    dataDir,
    close: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

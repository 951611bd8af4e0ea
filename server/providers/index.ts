import type { Config } from '../config';

// Which vendor each capability uses, picked from configuration. Each provider
// folder (ai, speech, sms, email, payments, storage) builds on this choice; the
// local implementation is the default so the app works with no account anywhere.

export interface ProviderChoice {
  ai: 'openai' | 'offline-guide';
  speech: 'elevenlabs' | 'openai' | 'browser';
  transcription: 'openai' | 'browser';
  sms: 'twilio' | 'outbox';
  email: 'smtp' | 'outbox';
  payments: 'stripe' | 'sandbox';
  storage: 's3' | 'local';
}

export function chooseProviders(config: Config): ProviderChoice {
  const openai = Boolean(config.OPENAI_API_KEY);
  return {
    ai: openai ? 'openai' : 'offline-guide',
    speech: config.ELEVENLABS_API_KEY ? 'elevenlabs' : openai ? 'openai' : 'browser',
    transcription: openai ? 'openai' : 'browser',
    sms: config.TWILIO_ACCOUNT_SID ? 'twilio' : 'outbox',
    email: config.SMTP_URL ? 'smtp' : 'outbox',
    payments: config.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox',
    storage: config.S3_BUCKET ? 's3' : 'local',
  };
}

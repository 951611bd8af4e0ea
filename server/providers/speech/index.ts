import { toFile } from 'openai';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { createOpenAiClient } from '../ai/openai';

// Text to speech: ElevenLabs, else OpenAI speech, else none (the browser speaks
// with its own voice). Speech to text: OpenAI transcription, else none (the
// browser's SpeechRecognition). Keys never leave the server.

export const SPEECH_FAILED_MESSAGE = 'No se pudo generar el audio de la respuesta.';
export const TRANSCRIBE_FAILED_MESSAGE =
  'No pudimos entender el audio. Por favor, intenta de nuevo o escribe tu pregunta.';
/** SPEC.md §7: voice settings of the speech provider. */
export const ELEVENLABS_VOICE_SETTINGS = { stability: 0.5, similarity_boost: 0.75 } as const;
export const OPENAI_VOICE = 'nova';

export interface SpeechProvider {
  readonly name: 'elevenlabs' | 'openai' | 'browser';
  /** MPEG audio of the text, streamed. Not available with 'browser'. */
  synthesize(text: string, voiceId?: string | null): Promise<ReadableStream<Uint8Array>>;
}

export interface TranscriptionProvider {
  readonly name: 'openai' | 'browser';
  transcribe(audio: Blob, filename: string): Promise<string>;
}

function notConfigured(what: string): AppError {
  return new AppError('not_configured', 501, `${what} no está configurado en este servidor.`);
}

export function createSpeechProvider(config: Config, fetchImpl: typeof fetch = fetch): SpeechProvider {
  if (config.ELEVENLABS_API_KEY) {
    const key = config.ELEVENLABS_API_KEY;
    return {
      name: 'elevenlabs',
      async synthesize(text, voiceId) {
        const voice = encodeURIComponent(voiceId || config.ELEVENLABS_VOICE_ID);
        const url = `${config.ELEVENLABS_BASE_URL.replace(/\/+$/, '')}/v1/text-to-speech/${voice}/stream`;
        let response: Response;
        try {
          response = await fetchImpl(url, {
            method: 'POST',
            headers: { 'xi-api-key': key, 'Content-Type': 'application/json', Accept: 'audio/mpeg' },
            body: JSON.stringify({
              text,
              model_id: config.ELEVENLABS_MODEL,
              voice_settings: ELEVENLABS_VOICE_SETTINGS,
            }),
            signal: AbortSignal.timeout(30_000),
          });
        } catch (error) {
          throw new AppError('provider_error', 502, SPEECH_FAILED_MESSAGE, {
            logMessage: 'ElevenLabs unreachable',
            cause: error,
          });
        }
        if (!response.ok || !response.body) {
          const body = await response.text().catch(() => '');
          throw new AppError('provider_error', 502, SPEECH_FAILED_MESSAGE, {
            logMessage: `text-to-speech conversion failed: ${response.status} ${body.slice(0, 200)}`,
          });
        }
        return response.body;
      },
    };
  }
  if (config.OPENAI_API_KEY) {
    const client = createOpenAiClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL });
    return {
      name: 'openai',
      async synthesize(text) {
        try {
          const response = await client.audio.speech.create({
            model: 'tts-1',
            voice: OPENAI_VOICE,
            input: text,
            response_format: 'mp3',
          });
          if (!response.body) throw new Error('empty body');
          return response.body as ReadableStream<Uint8Array>;
        } catch (error) {
          throw new AppError('provider_error', 502, SPEECH_FAILED_MESSAGE, {
            logMessage: 'OpenAI speech failed',
            cause: error,
          });
        }
      },
    };
  }
  return {
    name: 'browser',
    synthesize: () => Promise.reject(notConfigured('El audio del servidor')),
  };
}

export function createTranscriptionProvider(config: Config): TranscriptionProvider {
  if (config.OPENAI_API_KEY) {
    const client = createOpenAiClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL });
    return {
      name: 'openai',
      async transcribe(audio, filename) {
        try {
          const result = await client.audio.transcriptions.create({
            file: await toFile(audio, filename),
            model: config.AI_TRANSCRIBE_MODEL,
            language: 'es',
          });
          return result.text.trim();
        } catch (error) {
          throw new AppError('provider_error', 502, TRANSCRIBE_FAILED_MESSAGE, {
            logMessage: 'transcription failed',
            cause: error,
          });
        }
      },
    };
  }
  return { name: 'browser', transcribe: () => Promise.reject(notConfigured('La transcripción de audio')) };
}

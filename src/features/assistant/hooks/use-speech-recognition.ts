import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';

// The Web Speech API, with the microphone checks and messages of SPEC.md §5
// and §8. Browsers without SpeechRecognition record with MediaRecorder and
// send the audio to /api/assistant/transcribe when the server can transcribe.

interface RecognitionResultList {
  length: number;
  [index: number]: { isFinal: boolean; 0: { transcript: string } };
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export interface RecognitionOptions {
  /** Called with the trimmed transcript when the person stops. */
  onFinal: (text: string) => void;
  /** The server can turn recorded audio into text. */
  canTranscribe: boolean;
}

export function useSpeechRecognition({ onFinal, canTranscribe }: RecognitionOptions) {
  const { t } = useTranslation();
  const [isListening, setListening] = useState(false);
  const [transcript, setTranscript] = useState('');
  const recognition = useRef<Recognition | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const latest = useRef('');
  /** True from a press until listening starts, so a double tap opens one microphone. */
  const starting = useRef(false);
  const finalCallback = useRef(onFinal);
  useEffect(() => {
    finalCallback.current = onFinal;
  }, [onFinal]);

  /** Forced cleanup: stop recognition and release the microphone. */
  const cleanup = useCallback(() => {
    recognition.current?.abort();
    recognition.current = null;
    // A recording cut short (leaving the page) is dropped, not sent.
    if (recorder.current) {
      recorder.current.onstop = null;
      if (recorder.current.state === 'recording') recorder.current.stop();
      recorder.current = null;
    }
    starting.current = false;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setListening(false);
  }, []);

  useEffect(() => cleanup, [cleanup]);

  const fail = useCallback(
    (title: string, description: string) => {
      toast.error(title, { description });
      cleanup();
    },
    [cleanup],
  );

  const openMicrophone = useCallback(async (): Promise<MediaStream | null> => {
    if (!navigator.mediaDevices?.getUserMedia) {
      if (!window.isSecureContext) fail(t('mic.securityTitle'), t('mic.securityText'));
      else fail(t('mic.compatibilityTitle'), t('mic.compatibilityText'));
      return null;
    }
    if (!window.isSecureContext) {
      fail(t('mic.securityTitle'), t('mic.securityText'));
      return null;
    }
    try {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true });
      if (media.getAudioTracks().length === 0) {
        media.getTracks().forEach((track) => track.stop());
        fail(t('mic.micTitle'), t('mic.noActiveMic'));
        return null;
      }
      return media;
    } catch (error) {
      const name = (error as DOMException).name;
      if (name === 'NotAllowedError' || name === 'SecurityError')
        fail(t('mic.deniedTitle'), t('mic.deniedText'));
      else if (name === 'NotFoundError' || name === 'OverconstrainedError')
        fail(t('mic.notFoundTitle'), t('mic.notFoundText'));
      else fail(t('mic.micTitle'), t('mic.micProblem'));
      return null;
    }
  }, [fail, t]);

  const startRecording = useCallback(
    (media: MediaStream) => {
      const chunks: Blob[] = [];
      const rec = new MediaRecorder(media);
      recorder.current = rec;
      rec.ondataavailable = (event) => chunks.push(event.data);
      rec.onstop = async () => {
        cleanup();
        const body = new FormData();
        body.append('audio', new Blob(chunks, { type: rec.mimeType || 'audio/webm' }), 'pregunta.webm');
        try {
          const response = await fetch('/api/assistant/transcribe', {
            method: 'POST',
            body,
            credentials: 'same-origin',
          });
          const data = (await response.json()) as { text?: string; error?: { message: string } };
          if (!response.ok) throw new Error(data.error?.message);
          if (data.text?.trim()) finalCallback.current(data.text.trim());
        } catch (error) {
          toast.error(t('mic.errorTitle'), { description: (error as Error).message || t('mic.startFailed') });
        }
      };
      rec.start();
      setListening(true);
    },
    [cleanup, t],
  );

  const start = useCallback(async () => {
    if (starting.current || recognition.current || recorder.current) return;
    const Constructor = recognitionConstructor();
    if (!Constructor && !canTranscribe) {
      toast.error(t('mic.unsupportedTitle'), { description: t('mic.unsupportedText') });
      return;
    }
    starting.current = true;
    const media = await openMicrophone();
    if (!media || !starting.current) {
      // Refused, or the page went away while the permission prompt was open.
      media?.getTracks().forEach((track) => track.stop());
      starting.current = false;
      return;
    }
    starting.current = false;
    stream.current = media;
    latest.current = '';
    setTranscript('');
    if (!Constructor) return startRecording(media);

    try {
      const rec = new Constructor();
      rec.lang = 'es-ES';
      rec.continuous = true;
      rec.interimResults = true;
      rec.maxAlternatives = 1;
      rec.onresult = (event) => {
        let finalText = '';
        let interim = '';
        for (let i = 0; i < event.results.length; i++) {
          const result = event.results[i]!;
          if (result.isFinal) finalText += result[0].transcript;
          else interim += result[0].transcript;
        }
        // The words still being recognised count too: stop may come before they are final.
        latest.current = `${finalText}${interim}`;
        setTranscript(latest.current);
      };
      rec.onerror = (event) => {
        if (event.error === 'no-speech') {
          console.info('speech recognition: no speech heard');
          return;
        }
        if (event.error === 'not-allowed' || event.error === 'service-not-allowed')
          fail(t('mic.accessTitle'), t('mic.accessText'));
        else if (event.error === 'audio-capture') fail(t('mic.notFoundTitle'), t('mic.notFoundText'));
        else if (event.error !== 'aborted') fail(t('mic.errorTitle'), t('mic.reloadText'));
      };
      rec.onend = () => cleanup();
      recognition.current = rec;
      rec.start();
      setListening(true);
    } catch {
      fail(t('mic.errorTitle'), t('mic.startFailed'));
    }
  }, [canTranscribe, cleanup, fail, openMicrophone, startRecording, t]);

  /** Stop while listening: the trimmed transcript becomes the question. */
  const stop = useCallback(() => {
    if (recorder.current && recorder.current.state === 'recording') {
      recorder.current.stop();
      recorder.current = null;
      return;
    }
    const text = latest.current.trim();
    cleanup();
    if (text) finalCallback.current(text);
  }, [cleanup]);

  return { isListening, transcript, start, stop };
}

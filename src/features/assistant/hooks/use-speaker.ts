import { useCallback, useEffect, useRef, useState } from 'react';

export type SpeechMode = 'server' | 'browser';

/**
 * Reads the answer aloud sentence by sentence as it arrives: with the
 * server's voice (audio from /api/assistant/speech, the next sentence fetched
 * while the current one plays) or, without one, the browser's Spanish voice.
 */
export function useSpeaker(initialMode: SpeechMode, onIdle?: () => void) {
  const [isSpeaking, setSpeaking] = useState(false);
  const mode = useRef<SpeechMode>(initialMode);
  const queue = useRef<Array<Promise<string | null>>>([]);
  const playing = useRef(false);
  const generation = useRef(0);
  const audio = useRef<HTMLAudioElement | null>(null);
  const browserPending = useRef(0);
  const idleCallback = useRef(onIdle);

  useEffect(() => {
    idleCallback.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    mode.current = initialMode;
  }, [initialMode]);

  const finish = useCallback(() => {
    playing.current = false;
    setSpeaking(false);
    idleCallback.current?.();
  }, []);

  const fetchAudio = useCallback(async (text: string): Promise<string | null> => {
    try {
      const response = await fetch('/api/assistant/speech', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(String(response.status));
      return URL.createObjectURL(await response.blob());
    } catch {
      // No server voice after all: the browser's own voice for the rest of the visit.
      mode.current = 'browser';
      return null;
    }
  }, []);

  const speakInBrowser = useCallback(
    (text: string) => {
      if (!('speechSynthesis' in window)) return finish();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = 'es-MX';
      const voice = window.speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith('es'));
      if (voice) utterance.voice = voice;
      const mine = generation.current;
      browserPending.current += 1;
      setSpeaking(true);
      playing.current = true;
      const done = () => {
        browserPending.current -= 1;
        if (mine === generation.current && browserPending.current <= 0) finish();
      };
      utterance.onend = done;
      utterance.onerror = done;
      window.speechSynthesis.speak(utterance);
    },
    [finish],
  );

  /** Plays the queued sentences in order until the queue is empty or stop() is called. */
  const playQueue = useCallback(async () => {
    const mine = generation.current;
    playing.current = true;
    setSpeaking(true);
    while (mine === generation.current) {
      const next = queue.current.shift();
      if (!next) break;
      const url = await next;
      if (mine !== generation.current) return;
      if (!url) continue;
      await new Promise<void>((resolve) => {
        const element = new Audio(url);
        audio.current = element;
        const done = () => {
          URL.revokeObjectURL(url);
          resolve();
        };
        element.onended = done;
        element.onerror = done;
        element.onpause = done;
        element.play().catch(done);
      });
    }
    if (mine === generation.current) finish();
  }, [finish]);

  /** Queues one complete sentence. */
  const speak = useCallback(
    (sentence: string) => {
      if (!sentence.trim()) return;
      if (mode.current === 'browser') return speakInBrowser(sentence);
      const mine = generation.current;
      queue.current.push(
        fetchAudio(sentence).then((url) => {
          // Muted or cleared while the audio was on its way: say nothing.
          if (mine !== generation.current) return null;
          if (!url) speakInBrowser(sentence);
          return url;
        }),
      );
      if (!playing.current) void playQueue();
    },
    [fetchAudio, playQueue, speakInBrowser],
  );

  /** Stops at once and forgets what was queued (mute, Limpiar Chat, leaving the page). */
  const stop = useCallback(() => {
    generation.current += 1;
    queue.current = [];
    browserPending.current = 0;
    audio.current?.pause();
    audio.current = null;
    if ('speechSynthesis' in window) window.speechSynthesis.cancel();
    playing.current = false;
    setSpeaking(false);
  }, []);

  useEffect(() => stop, [stop]);

  return { speak, stop, isSpeaking, isBusy: () => playing.current };
}

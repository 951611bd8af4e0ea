import type { Page } from '@playwright/test';

/**
 * Chromium here has SpeechRecognition that fails and speechSynthesis with no
 * voices: replace both with controllable fakes before the app loads.
 */
export async function installVoiceStubs(
  page: Page,
  options: { denyMicrophone?: boolean; speechMs?: number } = {},
) {
  await page.addInitScript(
    ({ denyMicrophone, speechMs }) => {
      const w = window as unknown as Record<string, unknown>;
      const spoken: string[] = [];
      let cancels = 0;
      w.__spoken = spoken;
      w.__cancels = () => cancels;
      Object.defineProperty(window, 'speechSynthesis', {
        configurable: true,
        value: {
          speak(utterance: SpeechSynthesisUtterance) {
            spoken.push(utterance.text);
            setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), speechMs);
          },
          cancel() {
            cancels += 1;
          },
          getVoices: () => [],
        },
      });

      class FakeRecognition {
        lang = '';
        continuous = false;
        interimResults = false;
        maxAlternatives = 0;
        onresult: ((e: unknown) => void) | null = null;
        onerror: ((e: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          w.__recognition = this;
        }
        stop() {
          this.onend?.();
        }
        abort() {}
        /** Test hook: the words heard so far. */
        hear(text: string, isFinal: boolean) {
          this.onresult?.({ results: [Object.assign([{ transcript: text }], { isFinal })] });
        }
      }
      w.SpeechRecognition = FakeRecognition;
      w.webkitSpeechRecognition = FakeRecognition;

      if (denyMicrophone) {
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException('denied', 'NotAllowedError'));
      }
    },
    { denyMicrophone: options.denyMicrophone ?? false, speechMs: options.speechMs ?? 30 },
  );
}

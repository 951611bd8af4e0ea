import { Send } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useAssistantStatus } from '../api/assistant-status';
import { useAssistant } from '../hooks/use-assistant';
import { useSpeaker } from '../hooks/use-speaker';
import { useSpeechRecognition } from '../hooks/use-speech-recognition';
import { MicButton, type MicState } from './mic-button';

/** Delay before the sign-up dialog, once the second answer has been spoken (SPEC.md §9). */
const DIALOG_DELAY_MS = 1000;

export interface GuestDemoProps {
  openRegister: () => void;
  openLogin: () => void;
}

/**
 * The demo above the sign-in form: two questions for visitors, one-sentence
 * answers spoken aloud. The server counts them, so reloading changes nothing.
 */
export function GuestDemo({ openRegister, openLogin }: GuestDemoProps) {
  const { t } = useTranslation();
  const { data: status } = useAssistantStatus();
  const [draft, setDraft] = useState('');
  const [waitingForDialog, setWaitingForDialog] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const speaker = useSpeaker(status && status.speech !== 'browser' ? 'server' : 'browser');
  const assistant = useAssistant({ speak: speaker.speak });

  const askAndMaybeInvite = useCallback(
    async (text: string) => {
      // The status cache now holds the server's count after this answer.
      setWaitingForDialog(await assistant.ask(text));
    },
    [assistant],
  );
  const recognition = useSpeechRecognition({
    onFinal: (text) => void askAndMaybeInvite(text),
    canTranscribe: status?.model === 'openai',
  });

  const remaining = status?.remaining ?? 2;
  useEffect(() => {
    // Only the answer that used the last question opens the dialog, once its speech ended.
    if (!waitingForDialog || speaker.isSpeaking || assistant.isLoading || remaining > 0) return;
    const timer = setTimeout(() => {
      setWaitingForDialog(false);
      setDialogOpen(true);
    }, DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waitingForDialog, speaker.isSpeaking, assistant.isLoading, remaining]);

  if (status && status.audience !== 'guest') return null;

  const used = remaining <= 0;
  const state: MicState = recognition.isListening
    ? 'listening'
    : assistant.isLoading
      ? 'processing'
      : speaker.isSpeaking
        ? 'speaking'
        : 'idle';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft;
    setDraft('');
    await askAndMaybeInvite(text);
  };

  return (
    <section
      aria-labelledby="demo-title"
      className="rounded-xl border border-brand-100 bg-brand-50 p-5 text-center"
    >
      <h2 id="demo-title" className="text-xl font-bold text-brand-900">
        {t('demo.title')}
      </h2>
      <p className="mt-1 text-slate-800">{t('demo.hint', { count: Math.max(0, remaining) })}</p>
      <div className="mt-4 flex justify-center">
        <MicButton
          size="md"
          state={state}
          disabled={used && state === 'idle'}
          onStart={() => void recognition.start()}
          onStop={recognition.stop}
        />
      </div>
      {recognition.isListening && recognition.transcript ? (
        <p className="mt-2 text-slate-700">“{recognition.transcript}”</p>
      ) : null}
      <form onSubmit={send} className="mt-4 flex gap-2">
        <label htmlFor="demo-question" className="sr-only">
          {t('demo.typeInstead')}
        </label>
        <Input
          id="demo-question"
          placeholder={t('demo.typeInstead')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          disabled={used}
          maxLength={500}
        />
        <Button
          type="submit"
          size="icon"
          aria-label={t('chat.send')}
          disabled={used || !draft.trim() || assistant.isLoading}
        >
          <Send aria-hidden="true" />
        </Button>
      </form>
      {assistant.question ? (
        <div className="mt-4 rounded-lg bg-white p-3 text-left">
          <p className="text-sm font-semibold">{t('chat.yourQuestion')}</p>
          <p>{assistant.question}</p>
          <p className="mt-2 text-sm font-semibold">{t('chat.answer')}</p>
          <p data-testid="demo-answer" aria-live="polite">
            {assistant.answer}
          </p>
        </div>
      ) : null}

      <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
        <DialogContent>
          <DialogTitle>{t('demo.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('demo.dialogText')}</DialogDescription>
          <Button
            onClick={() => {
              setDialogOpen(false);
              openRegister();
            }}
          >
            {t('demo.register')}
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              setDialogOpen(false);
              openLogin();
            }}
          >
            {t('demo.login')}
          </Button>
        </DialogContent>
      </Dialog>
    </section>
  );
}

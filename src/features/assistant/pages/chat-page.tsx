import { Send, Upload, Volume2, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { trackConversion } from '@/lib/analytics';
import { useMe } from '@/lib/profile';
import { cn } from '@/lib/utils';
import { clearConversation, useAssistantStatus } from '../api/assistant-status';
import { ChatFaq } from '../components/chat-faq';
import { MicButton, micHint, type MicState } from '../components/mic-button';
import { useAssistant } from '../hooks/use-assistant';
import { useSpeaker } from '../hooks/use-speaker';
import { useSpeechRecognition } from '../hooks/use-speech-recognition';

export function ChatPage() {
  const { t } = useTranslation();
  const { data: me, isPending: meLoading } = useMe();
  const { data: status, isPending: statusLoading } = useAssistantStatus();
  const [muted, setMuted] = useState(false);
  const [draft, setDraft] = useState('');
  const mutedRef = useRef(muted);
  useEffect(() => {
    mutedRef.current = muted;
  }, [muted]);

  const speaker = useSpeaker(status && status.speech !== 'browser' ? 'server' : 'browser');
  const speak = useCallback(
    (sentence: string) => (mutedRef.current ? undefined : speaker.speak(sentence)),
    [speaker],
  );
  const location = useLocation();
  const [reopened] = useState(
    () => (location.state as { reopened?: { question: string; answer: string } } | null)?.reopened,
  );
  const assistant = useAssistant({ speak, initial: reopened });
  const recognition = useSpeechRecognition({
    onFinal: (text) => void assistant.ask(text),
    canTranscribe: status?.model === 'openai',
  });

  // SPEC.md §4: the conversation context starts empty on each visit (unless a saved
  // conversation was just reopened into it); §2: a conversion event on load.
  useEffect(() => {
    if (!reopened) void clearConversation().catch(() => undefined);
    trackConversion('chat_page_view');
  }, [reopened]);

  const remaining = me?.questionsLeftToday;
  const atLimit = remaining === 0;
  const state: MicState = recognition.isListening
    ? 'listening'
    : assistant.isLoading
      ? 'processing'
      : speaker.isSpeaking
        ? 'speaking'
        : 'idle';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (await assistant.ask(draft)) setDraft('');
  };

  const clear = () => {
    speaker.stop();
    assistant.reset();
    void clearConversation().catch(() => undefined);
  };

  const toggleMute = () => {
    if (!muted) speaker.stop();
    setMuted(!muted);
  };

  const save = () => {
    if (!assistant.question || !assistant.answer) {
      toast.error(t('chat.nothingToSave'));
      return;
    }
    // Every answer is saved as it arrives; this confirms it, or reports that saving failed.
    if (assistant.lastChatId) toast.success(t('chat.savedTitle'), { description: t('chat.saved') });
    else toast.error(t('chat.saveError'), { description: t('chat.saveErrorText') });
  };

  // The plan banner and the offline notice sit above the controls: the page
  // waits for both (two small requests) rather than pushing everything down
  // when they arrive. The heading shows at once.
  // (The same wrapper around the heading in both states keeps it the same
  // element, painted once.)
  if (meLoading || statusLoading) {
    return (
      <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 md:py-10">
        <div className="flex flex-col gap-3 text-center">
          <h1 className="text-2xl font-bold md:text-3xl">{t('pages.chat.title')}</h1>
        </div>
        <PageSpinner label={t('common.loading')} />
      </section>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 md:py-10">
      <div className="flex flex-col gap-3 text-center">
        <h1 className="text-2xl font-bold md:text-3xl">{t('pages.chat.title')}</h1>
        {me ? (
          <p className="mx-auto rounded-full bg-brand-50 px-4 py-1 text-brand-900" data-testid="plan-banner">
            {t('chat.banner', {
              plan: me.profile.plan,
              remaining: remaining === null ? t('chat.unlimited') : remaining,
            })}
          </p>
        ) : null}
        {status?.model === 'offline-guide' ? (
          <p className="mx-auto max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            {t('chat.offlineNotice')}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col items-center gap-3">
        <MicButton
          state={state}
          disabled={atLimit && state === 'idle'}
          onStart={() => {
            speaker.stop();
            void recognition.start();
          }}
          onStop={recognition.stop}
        />
        <p aria-live="polite" className="min-h-6 text-center text-slate-700">
          {recognition.isListening && recognition.transcript
            ? `“${recognition.transcript}”`
            : micHint(state, t)}
        </p>
      </div>

      <form onSubmit={send} className="flex items-center gap-2">
        <label htmlFor="question" className="sr-only">
          {t('chat.inputLabel')}
        </label>
        <Input
          id="question"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={atLimit ? t('chat.placeholderLimit') : t('chat.placeholder')}
          disabled={atLimit}
          maxLength={2000}
          autoComplete="off"
        />
        <Button
          type="submit"
          size="icon"
          aria-label={t('chat.send')}
          disabled={assistant.isLoading || recognition.isListening || !draft.trim() || atLimit}
        >
          <Send aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="outline"
          aria-label={muted ? t('chat.unmute') : t('chat.mute')}
          aria-pressed={muted}
          onClick={toggleMute}
        >
          {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
        </Button>
      </form>

      {assistant.question ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Card aria-labelledby="question-title">
            <h2 id="question-title" className="font-semibold text-slate-900">
              {t('chat.yourQuestion')}
            </h2>
            <p className="mt-2 whitespace-pre-wrap text-slate-800">{assistant.question}</p>
          </Card>
          <Card aria-labelledby="answer-title" aria-busy={assistant.isLoading}>
            <div className="flex items-center justify-between gap-2">
              <h2 id="answer-title" className="font-semibold text-slate-900">
                {t('chat.answer')}
              </h2>
              {speaker.isSpeaking ? (
                <span className="text-sm text-brand-800">{t('chat.playing')}</span>
              ) : null}
            </div>
            <p className="mt-2 whitespace-pre-wrap text-slate-800" data-testid="answer" aria-live="polite">
              {assistant.answer || (assistant.isLoading ? t('chat.hintProcessing') : '')}
            </p>
          </Card>
        </div>
      ) : null}

      {assistant.history.length > 0 ? (
        <Card aria-labelledby="history-title">
          <div className="flex items-center justify-between gap-2">
            <h2 id="history-title" className="font-semibold">
              {t('chat.history')}
            </h2>
            <Button variant="outline" className="shrink-0 whitespace-nowrap" onClick={clear}>
              {t('chat.clear')}
            </Button>
          </div>
          <ol className="mt-3 flex max-h-96 flex-col gap-3 overflow-y-auto" data-testid="history">
            {assistant.history.map((item, index) => (
              <li
                key={index}
                className={cn('rounded-lg p-3', item.role === 'user' ? 'bg-slate-100' : 'bg-brand-50')}
              >
                <span className="block text-sm font-semibold">
                  {item.role === 'user' ? t('chat.you') : t('chat.ai')}
                </span>
                <span className="whitespace-pre-wrap">{item.content}</span>
              </li>
            ))}
          </ol>
        </Card>
      ) : null}

      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to="/procesa-documentos">
            <Upload aria-hidden="true" className="size-5" />
            {t('chat.upload')}
          </Link>
        </Button>
        <Button variant="outline" onClick={save}>
          {t('chat.save')}
        </Button>
        <Button asChild variant="ghost">
          <Link to="/saved-chats">{t('pages.savedChats.title')}</Link>
        </Button>
      </div>

      <ChatFaq />
    </section>
  );
}

import { Loader2, Mic, Square, Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export type MicState = 'idle' | 'listening' | 'processing' | 'speaking';

/** The large round button of SPEC.md §4: green idle, red pulsing while listening, spinner, speaker. */
export function MicButton({
  state,
  disabled,
  onStart,
  onStop,
  size = 'lg',
}: {
  state: MicState;
  disabled?: boolean;
  onStart: () => void;
  onStop: () => void;
  size?: 'lg' | 'md';
}) {
  const { t } = useTranslation();
  const label = {
    idle: t('chat.micStart'),
    listening: t('chat.micStop'),
    processing: t('chat.micProcessing'),
    speaking: t('chat.micSpeaking'),
  }[state];
  const Icon = { idle: Mic, listening: Square, processing: Loader2, speaking: Volume2 }[state];
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={state === 'listening'}
      data-state={state}
      disabled={disabled || state === 'processing'}
      onClick={state === 'listening' ? onStop : onStart}
      className={cn(
        'flex items-center justify-center rounded-full text-white shadow-lg transition focus-visible:outline-4 disabled:cursor-not-allowed disabled:opacity-60',
        size === 'lg' ? 'size-28' : 'size-20',
        state === 'idle' && 'bg-brand-700 hover:bg-brand-800',
        state === 'listening' && 'animate-pulse bg-red-600',
        state === 'processing' && 'bg-brand-700',
        state === 'speaking' && 'animate-pulse bg-brand-800',
      )}
    >
      <Icon
        className={cn(size === 'lg' ? 'size-12' : 'size-9', state === 'processing' && 'animate-spin')}
        aria-hidden="true"
      />
    </button>
  );
}

export function micHint(
  state: MicState,
  t: (key: 'chat.hintIdle' | 'chat.hintListening' | 'chat.hintProcessing' | 'chat.hintSpeaking') => string,
) {
  return {
    idle: t('chat.hintIdle'),
    listening: t('chat.hintListening'),
    processing: t('chat.hintProcessing'),
    speaking: t('chat.hintSpeaking'),
  }[state];
}

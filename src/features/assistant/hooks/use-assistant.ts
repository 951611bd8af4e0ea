import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { getMeQueryOptions, type Me } from '@/lib/profile';
import { askQuestion } from '../api/ask-question';
import { getAssistantStatusQueryOptions } from '../api/assistant-status';
import { createSentenceSplitter } from '../lib/sentences';

export interface HistoryItem {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The answer flow of SPEC.md §4: question set and answer cleared, the answer
 * shown as it streams and spoken sentence by sentence, then added to the
 * history. On failure nothing is counted (the server gives the question back).
 */
export function useAssistant({
  speak,
  initial,
}: {
  speak: (sentence: string) => void;
  /** A saved exchange reopened from 'Mis Conversaciones'. */
  initial?: { question: string; answer: string };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState(initial?.question ?? '');
  const [answer, setAnswer] = useState(initial?.answer ?? '');
  const [history, setHistory] = useState<HistoryItem[]>(
    initial
      ? [
          { role: 'user', content: initial.question },
          { role: 'assistant', content: initial.answer },
        ]
      : [],
  );
  const [isLoading, setLoading] = useState(false);
  const [lastChatId, setLastChatId] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops the answer (and so its speech) where it is.
  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || isLoading) return false;
      setQuestion(text);
      setAnswer('');
      setLoading(true);
      const splitter = createSentenceSplitter();
      controller.current = new AbortController();
      try {
        const result = await askQuestion(text, {
          signal: controller.current.signal,
          onDelta: (piece) => {
            setAnswer((current) => current + piece);
            splitter.push(piece).forEach(speak);
          },
        });
        splitter.flush().forEach(speak);
        setAnswer(result.answer);
        setHistory((items) => [
          ...items,
          { role: 'user', content: text },
          { role: 'assistant', content: result.answer },
        ]);
        setLastChatId(result.chatId);
        queryClient.setQueryData(getAssistantStatusQueryOptions().queryKey, (status) =>
          status ? { ...status, remaining: result.remaining ?? status.remaining } : status,
        );
        queryClient.setQueryData(getMeQueryOptions().queryKey, (me: Me | undefined) =>
          me ? { ...me, questionsLeftToday: result.remaining } : me,
        );
        return true;
      } catch (error) {
        if (controller.current?.signal.aborted) return false;
        if (error instanceof ApiError && error.code === 'limit_reached') {
          toast.error(t('chat.limitTitle'), { description: error.message });
          void queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
          void queryClient.invalidateQueries({ queryKey: getAssistantStatusQueryOptions().queryKey });
        } else {
          toast.error(t('chat.errorTitle'), {
            description: error instanceof ApiError ? error.message : t('chat.sendError'),
          });
        }
        setAnswer('');
        return false;
      } finally {
        setLoading(false);
      }
    },
    [isLoading, queryClient, speak, t],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setQuestion('');
    setAnswer('');
    setHistory([]);
    setLastChatId(null);
  }, []);

  return { question, answer, history, isLoading, lastChatId, ask, reset };
}

import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { SURVEY_SECTIONS, type OpenQuestionId, type RatingId } from '@common/feedback';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { api, unwrap } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { onRadioKeyDown, radioTabIndex } from '@/lib/radio-group';
import { cn } from '@/lib/utils';

function StarRating({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value?: number;
  onChange: (v: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-slate-800">{label}</legend>
      <div className="flex" role="radiogroup" aria-label={label}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={t('survey.star', { count: n })}
            data-rating={id}
            tabIndex={radioTabIndex(n - 1, (value ?? 0) - 1)}
            onKeyDown={(event) => onRadioKeyDown(event, n - 1, 5, (index) => onChange(index + 1))}
            onClick={() => onChange(n)}
            className="flex size-11 items-center justify-center"
          >
            <Star
              className={cn(
                'size-7',
                value !== undefined && n <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-400',
              )}
              aria-hidden="true"
            />
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function SurveyForm() {
  const { t } = useTranslation();
  const [ratings, setRatings] = useState<Partial<Record<RatingId, number>>>({});
  const [answers, setAnswers] = useState<Partial<Record<OpenQuestionId, string>>>({});
  const [comments, setComments] = useState('');
  const [sending, setSending] = useState(false);
  const hasInput =
    Object.keys(ratings).length > 0 ||
    Object.values(answers).some((a) => a?.trim()) ||
    comments.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasInput) return;
    setSending(true);
    try {
      await unwrap(
        api.feedback.survey.$post({
          json: { ratings, answers, additional_comments: comments.trim() || null },
        }),
      );
      toast.success(t('survey.thanks'));
      setRatings({});
      setAnswers({});
      setComments('');
    } catch (error) {
      toast.error(t('survey.error'), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      {SURVEY_SECTIONS.map((section) => (
        <Card key={section.id} aria-labelledby={`survey-${section.id}`}>
          <CardTitle id={`survey-${section.id}`}>{t(`survey.sections.${section.id}`)}</CardTitle>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {section.ratings.map((id) => (
              <StarRating
                key={id}
                id={id}
                label={t(`survey.ratings.${id}`)}
                value={ratings[id]}
                onChange={(v) => setRatings((r) => ({ ...r, [id]: v }))}
              />
            ))}
          </div>
          <label htmlFor={`q-${section.question}`} className="mt-4 block text-slate-800">
            {t(`survey.questions.${section.question}`)}
          </label>
          <Textarea
            id={`q-${section.question}`}
            className="mt-1"
            maxLength={4000}
            value={answers[section.question] ?? ''}
            onChange={(e) => setAnswers((a) => ({ ...a, [section.question]: e.target.value }))}
          />
        </Card>
      ))}
      <Card>
        <label htmlFor="survey-comments" className="font-semibold">
          {t('survey.comments')}
        </label>
        <Textarea
          id="survey-comments"
          className="mt-2"
          maxLength={4000}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
        />
      </Card>
      <Button type="submit" disabled={!hasInput || sending} className="self-start">
        {sending ? t('survey.sending') : t('survey.submit')}
      </Button>
    </form>
  );
}

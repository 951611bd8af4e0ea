import { EMAIL_MAX_LENGTH } from './account';
import { z } from 'zod';

// SPEC.md §3: the survey's rating and open-question ids, and the §5 rules.

export const SURVEY_SECTIONS = [
  {
    id: 'general',
    ratings: ['expectations_met', 'information_clarity', 'intuitive_navigation', 'positive_experience'],
    question: 'expectations_details',
  },
  {
    id: 'support',
    ratings: ['support_usefulness', 'resource_effectiveness', 'response_times'],
    question: 'support_feedback',
  },
  {
    id: 'usability',
    ratings: ['ease_of_use', 'accessibility', 'clear_processes'],
    question: 'usability_suggestions',
  },
  {
    id: 'design',
    ratings: ['visual_appeal', 'readability', 'intuitive_layout'],
    question: 'design_suggestions',
  },
  {
    id: 'loyalty',
    ratings: ['would_recommend', 'future_use', 'needs_consideration'],
    question: 'recommendation_factors',
  },
] as const;

export const RATING_IDS = SURVEY_SECTIONS.flatMap((s) => s.ratings);
export const OPEN_QUESTION_IDS = SURVEY_SECTIONS.map((s) => s.question);
export type RatingId = (typeof RATING_IDS)[number];
export type OpenQuestionId = (typeof OPEN_QUESTION_IDS)[number];

export const SURVEY_EMPTY_MESSAGE = 'Por favor proporciona al menos una calificación o un comentario';

export const surveySchema = z
  .object({
    ratings: z
      .partialRecord(
        z.enum(RATING_IDS),
        z.number().int().min(1, 'Las calificaciones van de 1 a 5').max(5, 'Las calificaciones van de 1 a 5'),
      )
      .default({}),
    answers: z.partialRecord(z.enum(OPEN_QUESTION_IDS), z.string().trim().max(4000)).default({}),
    additional_comments: z.string().trim().max(4000).nullable().default(null),
  })
  .strict()
  .refine(
    (s) =>
      Object.keys(s.ratings).length > 0 ||
      Object.values(s.answers).some((a) => a) ||
      Boolean(s.additional_comments),
    SURVEY_EMPTY_MESSAGE,
  );

export const contactSchema = z.object({
  first_name: z.string().trim().min(2, 'El nombre debe tener al menos 2 caracteres').max(100),
  last_name: z.string().trim().min(2, 'El apellido debe tener al menos 2 caracteres').max(100),
  email: z
    .string()
    .trim()
    .pipe(
      z
        .email('Por favor ingresa un correo válido')
        .max(EMAIL_MAX_LENGTH, 'Por favor ingresa un correo válido'),
    ),
  message: z.string().trim().min(10, 'Tu mensaje debe tener al menos 10 caracteres').max(5000),
});

import MiniSearch from 'minisearch';
import type { SavedChatCategory } from '../../common/constants';
import { FORMS, getForm, type KnowledgeForm } from './forms';
import { TOPICS, type Topic } from './topics';

export { TOPICS, type Topic } from './topics';
export { FORMS, getForm, type KnowledgeForm } from './forms';

/** Lower case, no accents: people type "asilo", "Asilo" or "asílo". */
export function normalize(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      // OCR and typing often give "1-589" for "I-589".
      .replace(/\b1-(\d{2,3}[a-z]?)\b/g, 'i-$1')
  );
}

const index = new MiniSearch<Topic & { keywordText: string }>({
  fields: ['title', 'keywordText', 'answer'],
  storeFields: ['id'],
  processTerm: (term) => normalize(term),
  searchOptions: { boost: { keywordText: 3, title: 2 }, fuzzy: 0.15, prefix: true, combineWith: 'OR' },
});
index.addAll(TOPICS.map((t) => ({ ...t, keywordText: t.keywords.join(' ') })));
const byId = new Map(TOPICS.map((t) => [t.id, t]));

export interface Match {
  topic: Topic;
  score: number;
}

/**
 * The topics that best match a question. Whole keyword phrases found in the
 * question weigh most; full-text search fills in the rest.
 */
export function searchKnowledge(question: string, limit = 3): Match[] {
  const text = normalize(question);
  const scores = new Map<string, number>();
  for (const topic of TOPICS) {
    for (const keyword of topic.keywords) {
      if (text.includes(normalize(keyword)))
        scores.set(topic.id, (scores.get(topic.id) ?? 0) + 10 + keyword.length / 5);
    }
    for (const form of topic.forms) {
      if (new RegExp(`\\b${form.toLowerCase()}\\b`).test(text))
        scores.set(topic.id, (scores.get(topic.id) ?? 0) + 8);
    }
  }
  for (const result of index.search(question)) {
    scores.set(result.id as string, (scores.get(result.id as string) ?? 0) + Math.min(result.score, 6));
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .flatMap(([id, score]) => {
      const topic = byId.get(id);
      return topic && score >= 3 ? [{ topic, score }] : [];
    });
}

/** Questions about "fixing papers" get two clarifying questions first (SPEC.md §1). */
const LEGALIZATION = [
  'arreglar',
  'legalizar',
  'legalizarme',
  'hacerme legal',
  'ser legal',
  'estar legal',
  'papeles',
  'residencia',
  'residente',
  'green card',
  'tarjeta verde',
  'mica',
  'quedarme',
];
export function isLegalizationQuestion(question: string): boolean {
  const text = normalize(question);
  return LEGALIZATION.some((word) => text.includes(normalize(word)));
}

/** The category of a saved chat, from the best-matching topic (or 'otros'). */
export function categorize(question: string): SavedChatCategory {
  return searchKnowledge(question, 1)[0]?.topic.category ?? 'otros';
}

/** Forms named in a text (for grounding and checks). */
export function formsIn(text: string): KnowledgeForm[] {
  const normalized = normalize(text);
  return [...FORMS.values()].filter((f) => new RegExp(`\\b${f.number.toLowerCase()}\\b`).test(normalized));
}

/** The facts sent to the model with a question: topics, their forms and official links. */
export function groundingFor(question: string): { text: string; matches: Match[] } {
  const matches = searchKnowledge(question, 3);
  if (matches.length === 0) return { text: '', matches };
  const parts = matches.map(({ topic }) => {
    const forms = topic.forms.map((n) => {
      const f = getForm(n);
      return `${f.number}: ${f.description} (${f.url})`;
    });
    const sources = topic.sources.map((s) => `${s.label}: ${s.url}`);
    return [
      `Tema: ${topic.title}`,
      topic.answer,
      ...(forms.length ? [`Formularios: ${forms.join('; ')}`] : []),
      `Fuentes oficiales: ${sources.join('; ')}`,
    ].join('\n');
  });
  return { text: parts.join('\n\n'), matches };
}

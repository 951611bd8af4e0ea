import { SAVED_CHAT_CATEGORIES, type SavedChatCategory } from '../../../common/constants';
import type { Config } from '../../config';
import { categorize } from '../../knowledge/index';
import { createOpenAiClient } from './openai';

export type Classifier = (question: string) => Promise<SavedChatCategory>;

/**
 * The category of a saved chat: a short model call when an AI key is set, the
 * knowledge base's keywords otherwise, and the keywords again if the model
 * fails or answers something else.
 */
export function createClassifier(config: Config): Classifier {
  if (!config.OPENAI_API_KEY) return async (question) => categorize(question);
  const client = createOpenAiClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL });
  return async (question) => {
    try {
      const completion = await client.chat.completions.create(
        {
          model: config.AI_HELPER_MODEL,
          temperature: 0,
          max_tokens: 5,
          messages: [
            {
              role: 'system',
              content:
                'Clasifica la pregunta de inmigración en una sola categoría y responde solo con esa palabra: ' +
                'residencia (residencia, green card, ciudadanía, DACA, TPS), asilo (asilo, corte, deportación), ' +
                'trabajo (permiso de trabajo, empleo), familia (peticiones familiares, matrimonio, VAWA), u otros.',
            },
            { role: 'user', content: question.slice(0, 1000) },
          ],
        },
        { timeout: 5000 },
      );
      const word =
        completion.choices[0]?.message.content
          ?.trim()
          .toLowerCase()
          .replace(/[^a-z]/g, '') ?? '';
      return (SAVED_CHAT_CATEGORIES as readonly string[]).includes(word)
        ? (word as SavedChatCategory)
        : categorize(question);
    } catch {
      return categorize(question);
    }
  };
}

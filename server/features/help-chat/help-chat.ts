import { z } from 'zod';
import type { Config } from '../../config';
import { normalize, searchKnowledge } from '../../knowledge/index';
import { AppError } from '../../lib/errors';
import { createOpenAiClient, withRetry } from '../../providers/ai/openai';
import { writeEstadosUnidos } from '../assistant/estados-unidos';

// The website-help chat answers questions about using the site only; questions
// about immigration go to the main assistant.

export const HELP_REPLY_FAILED = 'No pudimos procesar tu pregunta. Por favor intenta nuevamente.';
export const HELP_SYSTEM_PROMPT = `Eres la ayuda del sitio web de una app de información migratoria en español. Solo respondes preguntas sobre cómo usar el sitio: crear cuenta, iniciar sesión, contraseña, hacer preguntas por voz o texto, conversaciones guardadas, subir cartas, formularios oficiales, membresía, idioma, privacidad y cómo borrar la cuenta.
Responde en 2 a 3 oraciones, en español sencillo.
Si te preguntan sobre inmigración (papeles, asilo, visas, formularios para un caso, corte), no contestes el tema: di que para eso está el asistente principal en la página Chat (/chat).
Escribe siempre "Estados Unidos" completo. No pidas datos personales.`;

export const helpMessageSchema = z.object({
  message: z
    .string({ message: 'Escribe tu mensaje.' })
    .trim()
    .min(1, 'Escribe tu mensaje.')
    .max(1000, 'Tu mensaje es muy largo.'),
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(4000) }))
    .max(20)
    .default([]),
});

export type HelpResponder = (
  message: string,
  history: Array<{ role: 'user' | 'assistant'; content: string }>,
) => Promise<string>;

const POINT_TO_CHAT =
  'Para preguntas de inmigración usa nuestro asistente principal en la página Chat: ahí te respondemos con información oficial. Aquí te ayudo con el uso del sitio.';

const SITE_HELP: Array<{ words: string[]; answer: string }> = [
  {
    words: ['cuenta', 'registr', 'crear'],
    answer:
      'Para crear tu cuenta entra a Iniciar sesión y elige Crear Cuenta. Puedes usar tu correo y una contraseña, o tu teléfono con un código por SMS.',
  },
  {
    words: ['contrasena', 'clave', 'olvid'],
    answer:
      'Si olvidaste tu contraseña, en Iniciar sesión elige "¿Olvidaste tu contraseña?" y te enviamos un enlace a tu correo. Si ya entraste, la puedes cambiar en Configuración.',
  },
  {
    words: ['voz', 'microfono', 'hablar', 'escuchar', 'sonido'],
    answer:
      'En la página Chat oprime el botón verde y haz tu pregunta en voz alta; vuelve a oprimirlo para enviarla. La respuesta se lee en voz alta y puedes silenciarla con el botón de la bocina.',
  },
  {
    words: ['guardad', 'historial', 'conversacion', 'favorit'],
    answer:
      'Tus respuestas se guardan solas en Mis Conversaciones, desde la página Chat. Ahí puedes buscarlas, marcarlas como favoritas o borrarlas.',
  },
  {
    words: ['carta', 'subir', 'document', 'traduc'],
    answer:
      'Para entender una carta de USCIS o de la corte, en Chat elige Subir Documentos y sube el PDF, Word o una foto. Te decimos qué dice, qué significa y qué hacer; el archivo no se guarda.',
  },
  {
    words: ['formulario', 'descargar', 'pdf'],
    answer:
      'En la sección Documentos encuentras los formularios oficiales con el enlace a su página oficial. Son gratis y se llenan en inglés.',
  },
  {
    words: ['precio', 'costo', 'pagar', 'membres', 'plan', 'suscrip', 'cancelar'],
    answer:
      'Puedes probar el asistente gratis. La membresía es de $1 por 7 días de prueba y luego $9.99 al mes, y la cancelas cuando quieras.',
  },
  {
    words: ['borrar', 'eliminar', 'privacidad', 'datos'],
    answer:
      'Tus datos no se comparten con nadie. Puedes descargar tus datos o eliminar tu cuenta en Configuración, y también borrar cada conversación guardada.',
  },
  {
    words: ['idioma', 'ingles', 'english'],
    answer:
      'El sitio está en español y también en inglés. Cambia el idioma con el enlace al pie de la página.',
  },
];

/** The answer without a model: the site's own help, and the pointing rule. */
export function offlineHelp(message: string): string {
  const text = normalize(message);
  const site = SITE_HELP.find((entry) => entry.words.some((w) => text.includes(w)));
  const immigration = searchKnowledge(message, 1)[0];
  if (immigration && immigration.score >= 10 && !site) return POINT_TO_CHAT;
  if (site) return site.answer;
  return `${POINT_TO_CHAT} Si tu duda es sobre el sitio, cuéntame qué quieres hacer: crear una cuenta, preguntar por voz, subir una carta o ver tus conversaciones.`;
}

export function createHelpResponder(
  config: Config,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): HelpResponder {
  if (!config.OPENAI_API_KEY) return async (message) => offlineHelp(message);
  const client = createOpenAiClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL });
  return async (message, history) => {
    // SPEC.md §7: 3 attempts; an empty reply is tried again like a 429.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const completion = await withRetry(
        () =>
          client.chat.completions.create({
            model: config.AI_HELPER_MODEL,
            temperature: 0.7,
            max_tokens: 500,
            messages: [
              { role: 'system', content: HELP_SYSTEM_PROMPT },
              ...history.slice(-10),
              { role: 'user', content: message },
            ],
          }),
        options.sleep,
      ).catch((error: unknown) => {
        throw new AppError('provider_error', 502, HELP_REPLY_FAILED, {
          logMessage: 'help chat failed',
          cause: error,
        });
      });
      const reply = completion.choices[0]?.message.content?.trim();
      if (reply) return writeEstadosUnidos(reply);
    }
    throw new AppError('provider_error', 502, HELP_REPLY_FAILED, { logMessage: 'help chat: empty replies' });
  };
}

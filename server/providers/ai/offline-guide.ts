import { getForm, isLegalizationQuestion, searchKnowledge, type Match } from '../../knowledge/index';
import type { AnswerInput, AssistantModel } from './index';

// The answer when no AI key is set: the project's own Spanish knowledge base,
// following the same rules as the model (two clarifying questions on
// legalization, 3 to 5 sentences, the form, "Estados Unidos" in full).

export const CLARIFYING_OPENING = 'Para orientarte mejor necesito saber dos cosas.';
export const CLARIFYING_QUESTIONS =
  `${CLARIFYING_OPENING} Primero, ¿cómo entraste a Estados Unidos y cuánto tiempo llevas aquí? ` +
  'Segundo, ¿tienes un esposo, padre, madre o hijo que sea ciudadano o residente permanente, o algún caso migratorio abierto?';

export const GENERAL_DISCLAIMER = 'Esta es información general y no sustituye la asesoría de un abogado.';
const URGENT_ADVICE =
  'Como tu caso tiene fechas o riesgos importantes, busca hoy un abogado o representante acreditado; hay ayuda gratuita en la lista oficial de EOIR.';
const GUEST_FALLBACK =
  'En general, cada caso migratorio depende de tu historia, y con una cuenta gratis te puedo orientar paso a paso.';

function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/.exec(text);
  return (match ? match[0] : text).trim();
}

function composeAnswer(matches: Match[]): string {
  const topic = matches[0]?.topic;
  if (!topic) {
    return [
      'No encontré información específica sobre tu pregunta en mi guía básica.',
      'Puedes consultar uscis.gov/es o llamar al Centro de Contacto de USCIS al 1-800-375-5283, con atención en español.',
      'Los formularios oficiales también están en la sección Documentos de la app.',
      GENERAL_DISCLAIMER,
    ].join(' ');
  }
  const sentences = [topic.answer];
  const formNumber = topic.forms[0];
  if (formNumber) {
    const form = getForm(formNumber);
    sentences.push(
      `El formulario es el ${form.number} y lo encuentras en la sección Documentos de la app y en ${form.url}.`,
    );
  }
  sentences.push(topic.urgent ? URGENT_ADVICE : GENERAL_DISCLAIMER);
  return sentences.join(' ');
}

/** The text of the answer the guide gives, before streaming. */
export function offlineAnswer(
  input: Pick<AnswerInput, 'question' | 'history' | 'audience' | 'matches'>,
): string {
  if (input.audience === 'guest') {
    const topic = input.matches[0]?.topic;
    return topic ? `En general: ${firstSentence(topic.answer)}` : GUEST_FALLBACK;
  }
  const lastAssistant = [...input.history].reverse().find((turn) => turn.role === 'assistant');
  const answeringClarification = Boolean(lastAssistant?.content.startsWith(CLARIFYING_OPENING));
  if (!answeringClarification && isLegalizationQuestion(input.question)) return CLARIFYING_QUESTIONS;
  if (answeringClarification) {
    // The person's answers plus their original question decide the topic.
    const original = [...input.history].reverse().find((turn) => turn.role === 'user')?.content ?? '';
    const combined = searchKnowledge(`${input.question} ${original}`, 3);
    const specific = combined.filter((m) => m.topic.id !== 'arreglar-papeles');
    return composeAnswer(specific.length ? specific : combined);
  }
  return composeAnswer(input.matches);
}

export function createOfflineGuide(): AssistantModel {
  return {
    name: 'offline-guide',
    async *streamAnswer(input) {
      // A few words at a time, so the page shows it arriving as with a model.
      const words = offlineAnswer(input).split(/(?<=\s)/);
      for (let i = 0; i < words.length; i += 4) yield words.slice(i, i + 4).join('');
    },
  };
}

import { describe, expect, it } from 'vitest';
import { FORMS, TOPICS, categorize, isLegalizationQuestion, searchKnowledge } from './index';

describe('knowledge base', () => {
  it('has at least 25 topics, each with an official https link and forms from the catalogue', () => {
    expect(TOPICS.length).toBeGreaterThanOrEqual(25);
    for (const topic of TOPICS) {
      expect(topic.sources.length, topic.id).toBeGreaterThan(0);
      for (const s of topic.sources) expect(s.url, topic.id).toMatch(/^https:\/\//);
      for (const f of topic.forms) expect(FORMS.has(f), `${topic.id} → ${f}`).toBe(true);
      expect(topic.answer, topic.id).not.toMatch(/EE\.?\s?UU|EEUU|\bUSA\b/);
    }
  });

  it('covers every form of FACTS.md with its official page', () => {
    for (const n of [
      'I-485',
      'I-130',
      'I-765',
      'I-131',
      'N-400',
      'I-589',
      'I-821D',
      'I-821',
      'I-90',
      'I-751',
      'I-864',
      'AR-11',
      'I-601A',
      'I-360',
      'I-918',
      'I-914',
      'I-912',
      'G-28',
      'I-290B',
      'I-129F',
      'EOIR-26',
      'EOIR-42B',
    ]) {
      expect(FORMS.get(n)?.url, n).toMatch(/^https:\/\/www\.(uscis|justice)\.gov\//);
    }
  });

  it.each([
    ['¿Cómo pido asilo? Tengo miedo de regresar a mi país', 'asilo'],
    ['Quiero renovar mi DACA', 'daca'],
    ['¿Puedo sacar permiso de trabajo?', 'permiso-trabajo'],
    ['¿Cómo me hago ciudadano?', 'ciudadania'],
    ['Tengo TPS de Honduras, ¿cuándo renuevo?', 'tps'],
    ['Me llegó un aviso de comparecencia para la corte', 'corte-inmigracion'],
    ['Un notario me cobró 3000 dólares', 'estafas-notarios'],
    ['me mudé de casa, ¿a quién aviso?', 'cambio-direccion'],
    ['¿Qué es el 1-589?', 'asilo'],
  ])('%s → %s', (question, id) => {
    expect(searchKnowledge(question, 1)[0]?.topic.id).toBe(id);
  });

  it('categorizes chats: DACA → residencia, asylum → asilo, work permit → trabajo, else otros', () => {
    expect(categorize('¿Cómo renuevo mi DACA?')).toBe('residencia');
    expect(categorize('Quiero pedir asilo')).toBe('asilo');
    expect(categorize('¿Cómo saco mi permiso de trabajo?')).toBe('trabajo');
    expect(categorize('¿Puedo pedir a mi esposa?')).toBe('familia');
    expect(categorize('hola, buenos días')).toBe('otros');
  });

  it('knows a legalization question', () => {
    expect(isLegalizationQuestion('¿Cómo puedo arreglar mis papeles?')).toBe(true);
    expect(isLegalizationQuestion('Quiero la residencia')).toBe(true);
    expect(isLegalizationQuestion('¿Dónde reviso el estado de mi caso?')).toBe(false);
  });
});

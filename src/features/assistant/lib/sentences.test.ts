import { describe, expect, it } from 'vitest';
import { createSentenceSplitter } from './sentences';

describe('createSentenceSplitter', () => {
  it('gives each sentence as soon as the next one starts, whatever the chunking', () => {
    const text =
      'Para pedir asilo usa el I-589. Lo encuentras en https://www.uscis.gov/i-589. ¿Tienes fecha en corte? Busca ayuda.';
    for (const size of [1, 3, 7, 50]) {
      const splitter = createSentenceSplitter();
      const out: string[] = [];
      for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)));
      out.push(...splitter.flush());
      expect(out, `chunks of ${size}`).toEqual([
        'Para pedir asilo usa el I-589.',
        'Lo encuentras en https://www.uscis.gov/i-589.',
        '¿Tienes fecha en corte?',
        'Busca ayuda.',
      ]);
    }
  });

  it('holds a sentence until it is certainly complete', () => {
    const splitter = createSentenceSplitter();
    expect(splitter.push('Visita uscis.gov')).toEqual([]);
    expect(splitter.push('/es para más. Gracias')).toEqual(['Visita uscis.gov/es para más.']);
    expect(splitter.flush()).toEqual(['Gracias']);
  });
});

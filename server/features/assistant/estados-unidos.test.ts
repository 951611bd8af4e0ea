import { describe, expect, it } from 'vitest';
import { createEstadosUnidosStream, writeEstadosUnidos } from './estados-unidos';

describe('Estados Unidos in full', () => {
  it.each([
    ['Vives en EE.UU. desde 2010.', 'Vives en Estados Unidos desde 2010.'],
    ['en EE. UU., la ley', 'en Estados Unidos, la ley'],
    ['en EEUU hay', 'en Estados Unidos hay'],
    ['llegué a USA', 'llegué a Estados Unidos'],
    ['en U.S.A. y', 'en Estados Unidos y'],
    ['Estados Unidos', 'Estados Unidos'],
  ])('%s', (input, expected) => expect(writeEstadosUnidos(input)).toBe(expected));

  it('catches an abbreviation split across streamed chunks, whatever the split', () => {
    const text = 'Si vives en EE. UU. desde hace años y tu hijo nació en EEUU, puedes pedir ayuda en USA.';
    for (let size = 1; size <= 12; size++) {
      const stream = createEstadosUnidosStream();
      let out = '';
      for (let i = 0; i < text.length; i += size) out += stream.push(text.slice(i, i + size));
      out += stream.flush();
      expect(out, `chunks of ${size}`).toBe(
        'Si vives en Estados Unidos desde hace años y tu hijo nació en Estados Unidos, puedes pedir ayuda en Estados Unidos.',
      );
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('writes whole numbers as Intl.NumberFormat("es-ES") does', () => {
    const intl = new Intl.NumberFormat('es-ES');
    for (const n of [0, 7, 999, 1000, 5300, 9999, 10_000, 12_345, 123_456, 1_234_567, 1_000_000_000])
      expect(formatCount(n)).toBe(intl.format(n));
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (n) => formatCount(n) === intl.format(n)),
    );
    fc.assert(fc.property(fc.integer({ min: -1e12, max: -1 }), (n) => formatCount(n) === intl.format(n)));
  });
});

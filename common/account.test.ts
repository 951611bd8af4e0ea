import { describe, expect, it } from 'vitest';
import { deleteAccountSchema, phoneDigits, toE164 } from './account';

describe('phoneDigits', () => {
  it.each([
    ['5555550100', '5555550100'],
    ['(555) 555-0100', '5555550100'],
    ['+1 555 555 0100', '5555550100'],
    ['555-555-0100-99', '5555550100'],
    ['abc', ''],
  ])('%s → %s', (input, expected) => expect(phoneDigits(input)).toBe(expected));

  it('adds +1', () => expect(toE164('5555550100')).toBe('+15555550100'));
});

describe('deleteAccountSchema', () => {
  it('accepts only the exact phrase', () => {
    expect(deleteAccountSchema.safeParse({ confirmation: 'ELIMINAR MI CUENTA' }).success).toBe(true);
    const wrong = deleteAccountSchema.safeParse({ confirmation: 'ELIMINAR MI CUENTA ' });
    expect(wrong.error?.issues[0]?.message).toBe("Debes escribir 'ELIMINAR MI CUENTA' para confirmar");
  });
});

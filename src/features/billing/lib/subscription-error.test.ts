import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_ERROR_TEXT } from '@common/billing';
import { ApiError } from '@/lib/api-client';
import { subscriptionError } from './subscription-error';

describe('the subscription error panel mapping (SPEC.md §8)', () => {
  it('maps the spec’s message texts in order, the existing account first', () => {
    const cases: Array<[string, string]> = [
      ['User already been registered', 'existingAccount'],
      ['email_exists', 'existingAccount'],
      // 'duplicate subscription' mentions payment too: the first rule wins.
      ['duplicate subscription payment', 'existingAccount'],
      ['invalid authentication values', 'temporary'],
      ['Your card was declined', 'card'],
      ['payment_intent failed', 'card'],
      ['network unreachable', 'network'],
      ['Request timeout', 'network'],
    ];
    for (const [text, kind] of cases) expect(subscriptionError(new Error(text)).kind, text).toBe(kind);
    expect(subscriptionError(new Error('card')).message).toBe(SUBSCRIPTION_ERROR_TEXT.card);
  });

  it('honours our server’s codes and keeps its Spanish words for card problems', () => {
    const exists = new ApiError(409, 'account_exists', 'Ya tienes una cuenta con este correo electrónico.');
    expect(subscriptionError(exists)).toEqual({
      kind: 'existingAccount',
      message: SUBSCRIPTION_ERROR_TEXT.existingAccount,
    });
    const declined = new ApiError(402, 'card_error', 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.');
    expect(subscriptionError(declined)).toEqual({
      kind: 'card',
      message: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.',
    });
    const offline = new ApiError(
      0,
      'network',
      'Error de conexión. Verifica tu internet e intenta nuevamente.',
    );
    expect(subscriptionError(offline).kind).toBe('network');
  });

  it('otherwise shows the server’s message, or the generic one for anything unexpected', () => {
    const limited = new ApiError(
      429,
      'rate_limited',
      'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    );
    expect(subscriptionError(limited)).toEqual({ kind: 'other', message: limited.message });
    expect(subscriptionError(new TypeError('x is undefined'))).toEqual({
      kind: 'other',
      message: SUBSCRIPTION_ERROR_TEXT.unexpected,
    });
  });
});

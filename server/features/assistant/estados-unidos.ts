// "Estados Unidos" is always written in full (SPEC.md §1), even when a model
// abbreviates it. Applied to streamed text, so a split "EE." + "UU." is caught.

const ABBREVIATION =
  /\bEE\.?\s?UU\.?(?=[\s,;:!?)"'»]|$)|\bEEUU\b|\bE\.\s?U\.(?=[\s,;:!?)"'»]|$)|\bUSA\b|\bU\.S\.A?\.?(?=[\s,;:!?)"'»]|$)/g;

export function writeEstadosUnidos(text: string): string {
  return text.replace(ABBREVIATION, 'Estados Unidos');
}

/** Holds back a short tail of each chunk until the next one shows how it ends. */
export function createEstadosUnidosStream() {
  let pending = '';
  const HOLD = 8;
  return {
    push(chunk: string): string {
      pending += chunk;
      if (pending.length <= HOLD) return '';
      // Cut at a space that does not sit inside "EE. UU." or "U. S.".
      let cut = pending.lastIndexOf(' ', pending.length - HOLD);
      while (cut > 0 && /(?:\bEE\.?|\bE\.|\bU\.)$/.test(pending.slice(0, cut)))
        cut = pending.lastIndexOf(' ', cut - 1);
      if (cut <= 0) return '';
      const ready = writeEstadosUnidos(pending.slice(0, cut));
      pending = pending.slice(cut);
      return ready;
    },
    flush(): string {
      const rest = writeEstadosUnidos(pending);
      pending = '';
      return rest;
    },
  };
}

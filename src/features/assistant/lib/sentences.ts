/**
 * Cuts streamed text into complete sentences, so speech can start with the
 * first one while the rest is still arriving. A period inside a web address
 * or a number ("uscis.gov", "1.5") does not end a sentence.
 */
export function createSentenceSplitter() {
  let pending = '';
  return {
    push(text: string): string[] {
      pending += text;
      const ready: string[] = [];
      const boundary = /[.!?…]+["»)]?(?=\s+[¿¡"«(A-ZÁÉÍÓÚÑ0-9])/g;
      let start = 0;
      let match: RegExpExecArray | null;
      while ((match = boundary.exec(pending))) {
        const end = match.index + match[0].length;
        const sentence = pending.slice(start, end).trim();
        if (sentence) ready.push(sentence);
        start = end;
      }
      pending = pending.slice(start);
      return ready;
    },
    flush(): string[] {
      const rest = pending.trim();
      pending = '';
      return rest ? [rest] : [];
    },
  };
}

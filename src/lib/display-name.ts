export interface NameSource {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/**
 * SPEC.md §2: full name, else first name, else the part of the e-mail before
 * the @, else the fallback ('Usuario').
 */
export function displayName(source: NameSource, fallback: string): string {
  const first = source.firstName?.trim() ?? '';
  const last = source.lastName?.trim() ?? '';
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  const local = source.email?.split('@')[0]?.trim();
  return local || fallback;
}

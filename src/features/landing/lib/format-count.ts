/**
 * A whole number as Intl.NumberFormat('es-ES') writes it: a dot between
 * groups of three digits from 10.000 up ("5300", "12.345"). Built by hand
 * because a phone's first Intl.NumberFormat costs more than the rest of the
 * counter's render together.
 */
export function formatCount(count: number): string {
  const digits = String(Math.round(Math.abs(count)));
  const grouped = digits.length > 4 ? digits.replace(/\B(?=(\d{3})+$)/g, '.') : digits;
  return count < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}

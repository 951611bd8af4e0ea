/**
 * Conversion events (SPEC.md §2: one on the chat page's load). Sent only when
 * the operator added a tag manager to the page (window.dataLayer); otherwise
 * nothing leaves the browser.
 */
export function trackConversion(event: string): void {
  const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  if (Array.isArray(layer)) layer.push({ event });
}

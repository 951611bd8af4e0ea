import { cn } from '@/lib/utils';

/**
 * A centred spinner with its text announced to screen readers. A whole page
 * waiting takes the screen's height, so the footer stays below the fold and
 * does not jump when the page arrives (layout shift); `block` is for a part
 * of a page or a dialog.
 */
export function PageSpinner({ label, size = 'page' }: { label: string; size?: 'page' | 'block' }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-slate-700',
        size === 'page' ? 'min-h-dvh' : 'min-h-[40vh]',
      )}
    >
      <span
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}

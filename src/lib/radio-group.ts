import type { KeyboardEvent } from 'react';

/**
 * Keyboard behaviour of a radio group (WAI-ARIA): the group is one Tab stop,
 * on the checked radio (or the first when none is); the arrow keys, Home and
 * End move to another radio and choose it.
 */
export function radioTabIndex(index: number, checkedIndex: number): 0 | -1 {
  return index === (checkedIndex < 0 ? 0 : checkedIndex) ? 0 : -1;
}

export function onRadioKeyDown(
  event: KeyboardEvent<HTMLElement>,
  index: number,
  count: number,
  select: (index: number) => void,
) {
  const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const next =
    event.key in step
      ? (index + step[event.key]! + count) % count
      : event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? count - 1
          : null;
  if (next === null) return;
  event.preventDefault();
  select(next);
  const radios = event.currentTarget
    .closest('[role="radiogroup"]')
    ?.querySelectorAll<HTMLElement>('[role="radio"]');
  radios?.[next]?.focus();
}

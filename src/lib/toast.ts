import type * as Sonner from 'sonner';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

// The toast library is fetched the first time something is announced, not
// with every page: most visits to the landing never show a toast. Sonner
// hands a Toaster that mounts late every toast announced before it.

type Message = Parameters<typeof sonnerToast>[0];
type Kind = 'success' | 'error' | 'info' | 'warning';

let library: Promise<typeof Sonner> | undefined;
const listeners = new Set<() => void>();

function loadLibrary() {
  if (!library) {
    library = import('sonner');
    listeners.forEach((listener) => listener());
  }
  return library;
}

/** For useSyncExternalStore: whether a toast was ever asked for (the Toaster is then needed). */
export function subscribeToastsWanted(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function toastsWanted() {
  return library !== undefined;
}

const show =
  (kind: Kind) =>
  (message: Message, data?: ExternalToast): void => {
    void loadLibrary().then(({ toast }) => toast[kind](message, data));
  };

/** sonner's toast, loaded on first use: success, error, info, warning. */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};

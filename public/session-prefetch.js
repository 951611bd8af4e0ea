// Starts the session check while the app's own code downloads, instead of
// after it: every page needs the answer (src/lib/auth-client.ts takes it).
globalThis.__sessionRequest = fetch('/api/auth/get-session', {
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
});

import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes a folder its owner's alone: the folder and every folder in it 0700,
 * every file 0600. The embedded database writes its files world-writable
 * (0666, whatever the umask), and DATA_DIR also holds the session secret, the
 * outbox and stored files. With the folders closed, a file created later with
 * a loose mode is still out of other users' reach.
 */
export function restrictToOwner(folder: string): void {
  if (!fs.existsSync(folder)) return;
  fs.chmodSync(folder, 0o700);
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(full, 0o700);
    else if (entry.isFile()) fs.chmodSync(full, 0o600);
  }
}

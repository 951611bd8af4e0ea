// Browser tests need Debian's Chromium (a downloaded browser does not run on
// these machines). Find it, install it when we are root, or stop with one line.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
if (candidates.some((p) => fs.existsSync(p))) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(
    'Chromium not found: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}
console.log("Chromium not found: installing Debian's chromium package…");
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch {
  console.error('Installing chromium failed: run apt-get install -y chromium, or set CHROMIUM_PATH.');
  process.exit(1);
}

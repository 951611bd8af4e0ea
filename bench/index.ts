// `npm run bench`: measurements printed as comparable figures (not asserted in tests).
// `npm run bench -- load` (or voice, lighthouse) runs one part.
import { benchLighthouse } from './lighthouse';
import { benchLoad } from './load';
import { benchVoicePath } from './voice-path';

const parts: Record<string, () => Promise<void>> = {
  voice: benchVoicePath,
  load: benchLoad,
  lighthouse: benchLighthouse,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in parts));
if (unknown.length) {
  console.error(`Unknown bench part: ${unknown.join(', ')}. Parts: ${Object.keys(parts).join(', ')}.`);
  process.exit(1);
}
// A part that fails is reported and the others still run; the exit code tells.
let failed = false;
for (const name of asked.length ? asked : Object.keys(parts)) {
  try {
    await parts[name]!();
  } catch (error) {
    failed = true;
    console.error(`\nbench ${name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);

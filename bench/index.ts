// `npm run bench`: measurements printed as comparable figures (not asserted in tests).
import { benchVoicePath } from './voice-path';

await benchVoicePath();
process.exit(0);

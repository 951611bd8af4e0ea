import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The forms the knowledge base names come from the same catalogue operators
// edit (content/forms.json), so an answer never names a form the app lacks.

const formsFile = fileURLToPath(new URL('../../content/forms.json', import.meta.url));

const entry = z.object({
  formNumber: z.string(),
  title: z.string(),
  description: z.string(),
  officialUrl: z.url().optional(),
});

export interface KnowledgeForm {
  number: string;
  title: string;
  description: string;
  url: string;
}

export const FORMS: ReadonlyMap<string, KnowledgeForm> = new Map(
  z
    .array(entry)
    .parse(JSON.parse(fs.readFileSync(formsFile, 'utf8')))
    .map((f) => [
      f.formNumber,
      {
        number: f.formNumber,
        title: f.title,
        description: f.description,
        url: f.officialUrl ?? `https://www.uscis.gov/${f.formNumber.toLowerCase()}`,
      },
    ]),
);

export function getForm(number: string): KnowledgeForm {
  const form = FORMS.get(number);
  if (!form) throw new Error(`Form ${number} is not in content/forms.json`);
  return form;
}

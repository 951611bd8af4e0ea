import { addDays, format, isValid, parse } from 'date-fns';

// The offline reader: recognises the notices people most often receive
// (../shared/FACTS.md), explains them in Spanish, and finds the receipt
// number, the A-number and the date to act by.

export interface LetterResult {
  translation: string;
  description: string;
  solution: string;
  /** yyyy-MM-dd, when a date to act by is known. */
  deadline: string | null;
  kind: string;
}

export const FALLBACKS = {
  translation: 'No se pudo traducir el documento',
  description: 'No se pudo analizar el documento',
  solution: 'No se encontraron soluciones específicas',
} as const;

interface NoticeType {
  id: string;
  name: string;
  patterns: RegExp[];
  meaning: string;
  steps: string[];
  /** Days to answer, counted from the notice date, when the notice gives no date itself. */
  answerDays?: number;
  /** Extra days when the notice came by mail. */
  mailDays?: number;
}

const NOTICES: NoticeType[] = [
  {
    id: 'nta',
    name: 'Aviso de Comparecencia (Notice to Appear, I-862)',
    patterns: [/notice to appear/i, /\bI-862\b/i, /aviso de comparecencia/i],
    meaning:
      'Este aviso abre un caso de deportación en la corte de inmigración. Es urgente y muy importante.',
    steps: [
      'Revisa la fecha y el lugar de tu audiencia en https://acis.eoir.justice.gov/ o al 1-800-898-7180 con tu número A.',
      'Busca hoy un abogado o representante acreditado; hay ayuda gratuita en justice.gov/eoir/list-pro-bono-legal-service-providers.',
      'Mantén tu dirección al día con la corte: si faltas a una audiencia, el juez puede ordenar tu deportación.',
    ],
  },
  {
    id: 'noid',
    name: 'Aviso de Intención de Negar (NOID)',
    patterns: [/notice of intent to deny/i, /\bNOID\b/, /intención de negar/i],
    meaning: 'USCIS piensa negar tu caso, pero te da la oportunidad de responder.',
    steps: [
      'Lee con cuidado las razones que da la carta.',
      'Manda las pruebas que las contesten antes de la fecha límite.',
      'Consulta cuanto antes a un abogado o representante acreditado.',
    ],
    answerDays: 30,
  },
  {
    id: 'rfe',
    name: 'Solicitud de Evidencia (RFE)',
    patterns: [/request for (initial )?evidence/i, /\bRFE\b/, /solicitud de evidencia/i],
    meaning: 'USCIS necesita más pruebas antes de decidir tu caso. No es una negación.',
    steps: [
      'Junta exactamente los documentos que pide la carta.',
      'Mándalos todos juntos, con la hoja de la carta encima, antes de la fecha límite.',
      'Si no contestas a tiempo, pueden negar tu caso.',
    ],
    answerDays: 84,
    mailDays: 3,
  },
  {
    id: 'denial',
    name: 'Decisión de negación',
    patterns: [/\bdenied\b/i, /decision.*\bdeny\b/i, /\bdenial\b/i, /ha sido negad/i],
    meaning: 'USCIS negó tu solicitud. Muchas veces se puede apelar o pedir que la reconsideren.',
    steps: [
      'Revisa en la carta si puedes apelar con el formulario I-290B y a quién se envía.',
      'El plazo es corto: 30 días, o 33 si la carta llegó por correo.',
      'Consulta a un abogado o representante acreditado antes de enviar nada.',
    ],
    answerDays: 30,
    mailDays: 3,
  },
  {
    id: 'biometrics',
    name: 'Cita de biométricos',
    patterns: [/biometric/i, /application support center/i, /\bASC appointment\b/i],
    meaning: 'Es tu cita para que te tomen huellas, foto y firma en un Centro de Apoyo de Solicitudes.',
    steps: [
      'Ve en la fecha y hora indicadas con esta carta y una identificación con foto.',
      'Si no puedes ir, cambia la cita antes de la fecha.',
      'Faltar sin avisar puede hacer que nieguen tu caso por abandono.',
    ],
  },
  {
    id: 'interview',
    name: 'Aviso de entrevista',
    patterns: [/interview (notice|appointment)/i, /you are scheduled for an interview/i, /\binterview\b/i],
    meaning: 'USCIS te cita a una entrevista sobre tu caso.',
    steps: [
      'Lleva esta carta, tu identificación y los documentos originales que pide.',
      'Llega temprano y contesta con la verdad.',
      'Si necesitas intérprete, revisa en la carta si debes llevar el tuyo.',
    ],
  },
  {
    id: 'approval',
    name: 'Aviso de aprobación',
    patterns: [/approval notice/i, /\bhas been approved\b/i, /\bapproved\b/i],
    meaning: 'USCIS aprobó tu solicitud o petición.',
    steps: [
      'Guarda esta carta en un lugar seguro con tus documentos.',
      'Revisa qué sigue según tu trámite (por ejemplo, la llegada de tu tarjeta).',
      'Revisa que tus datos estén bien escritos.',
    ],
  },
  {
    id: 'receipt',
    name: 'Aviso de recibo (Formulario I-797C)',
    patterns: [/receipt notice/i, /\bI-797C?\b/i, /notice of action/i],
    meaning:
      'USCIS confirma que recibió tu solicitud. Este aviso no te da ningún estatus ni permiso por sí solo.',
    steps: [
      'Guarda esta carta: tiene tu número de recibo.',
      'Revisa el estado de tu caso en https://egov.uscis.gov/casestatus con ese número.',
      'Espera la siguiente carta (por ejemplo, la cita de biométricos) y mantén tu dirección al día.',
    ],
  },
];

const RECEIPT = /\b(IOE|EAC|WAC|LIN|SRC|MSC|NBC|YSC)[\s-]?(\d{10})\b/;
const A_NUMBER = /\bA[\s#-]*(\d{3})[\s-]?(\d{3})[\s-]?(\d{3})\b/;
const DATE_PATTERNS = ['MMMM d, yyyy', 'MMMM dd, yyyy', 'MM/dd/yyyy', 'M/d/yyyy'];
const DATE =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{4}\b/g;
const RESPOND_BY =
  /(?:respond by|response (?:is )?due|must be received by|received by|on or before|fecha límite|antes del?)\s*:?\s*((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}|\d{1,2}\/\d{1,2}\/\d{4})/i;

function parseDate(text: string): Date | null {
  for (const pattern of DATE_PATTERNS) {
    const date = parse(text, pattern, new Date(2000, 0, 1));
    if (isValid(date)) return date;
  }
  return null;
}

const spanishDate = (date: Date) => format(date, 'dd/MM/yyyy');

export function readNotice(text: string): LetterResult {
  const notice = NOTICES.find((n) => n.patterns.some((p) => p.test(text)));
  if (!notice) {
    const excerpt = text.trim().slice(0, 4000);
    return {
      translation: excerpt
        ? `${FALLBACKS.translation}. Este es el texto que encontramos en la carta:\n\n${excerpt}`
        : FALLBACKS.translation,
      description: FALLBACKS.description,
      solution: FALLBACKS.solution,
      deadline: null,
      kind: 'unknown',
    };
  }

  const receipt = RECEIPT.exec(text);
  const aNumber = A_NUMBER.exec(text);
  const dates = (text.match(DATE) ?? []).map(parseDate).filter((d): d is Date => d !== null);
  const explicit = RESPOND_BY.exec(text);
  let deadline: Date | null = explicit ? parseDate(explicit[1]!) : null;
  if (!deadline && notice.answerDays && dates[0])
    deadline = addDays(dates[0], notice.answerDays + (notice.mailDays ?? 0));

  const facts = [
    `Es un ${notice.name}.`,
    receipt ? `Número de recibo: ${receipt[1]}${receipt[2]}.` : null,
    aNumber ? `Número A: A${aNumber[1]}${aNumber[2]}${aNumber[3]}.` : null,
    dates[0] ? `Fecha de la carta: ${spanishDate(dates[0])}.` : null,
  ].filter(Boolean);
  const steps = [...notice.steps];
  if (deadline) steps.unshift(`Actúa antes del ${spanishDate(deadline)}.`);

  return {
    translation: `${facts.join(' ')} (Sin inteligencia artificial la app no traduce la carta palabra por palabra; este es un resumen de lo que dice.)`,
    description: notice.meaning,
    solution: steps.map((step, i) => `${i + 1}. ${step}`).join('\n'),
    deadline: deadline ? format(deadline, 'yyyy-MM-dd') : null,
    kind: notice.id,
  };
}

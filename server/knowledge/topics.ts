import type { SavedChatCategory } from '../../common/constants';

// The project's Spanish knowledge base, written from ../shared/FACTS.md and
// official pages. Each topic carries its official links so answers can cite
// them. Plain words, "Estados Unidos" always in full. Fees change often: we
// send people to uscis.gov/g-1055 instead of quoting one.

export interface Source {
  label: string;
  url: string;
}

export interface Topic {
  id: string;
  title: string;
  category: SavedChatCategory;
  /** Words and phrases people use for this topic (lower case, accents allowed). */
  keywords: string[];
  /** Form numbers from content/forms.json, most relevant first. */
  forms: string[];
  /** Two or three plain sentences: what it is and what to do. */
  answer: string;
  sources: Source[];
  /** Court dates, detention, deadlines: always send to a lawyer now. */
  urgent?: boolean;
}

const USCIS_ES: Source = { label: 'USCIS en español', url: 'https://www.uscis.gov/es' };
const FEES: Source = { label: 'Tarifas de USCIS (G-1055)', url: 'https://www.uscis.gov/g-1055' };
const PRO_BONO: Source = {
  label: 'Lista de servicios legales gratuitos (EOIR)',
  url: 'https://www.justice.gov/eoir/list-pro-bono-legal-service-providers',
};
const EOIR_PORTAL: Source = {
  label: 'Información de casos en la corte (EOIR)',
  url: 'https://acis.eoir.justice.gov/',
};
const CASE_STATUS: Source = { label: 'Estado de tu caso', url: 'https://egov.uscis.gov/casestatus' };

export const TOPICS: Topic[] = [
  {
    id: 'arreglar-papeles',
    title: 'Arreglar papeles en general',
    category: 'residencia',
    keywords: [
      'arreglar papeles',
      'arreglar mis papeles',
      'legalizar',
      'hacerme legal',
      'ser legal',
      'papeles',
      'quedarme legal',
      'legalizarme',
      'mi situación migratoria',
    ],
    forms: ['I-485', 'I-130'],
    answer:
      'Arreglar papeles depende de cómo entraste, cuánto tiempo llevas aquí y si tienes familia ciudadana o residente. Muchas personas piden la residencia por un familiar con el I-130 y luego el I-485 si entraron con permiso. Otras opciones son el asilo, la visa U, VAWA o el TPS, según tu historia.',
    sources: [
      USCIS_ES,
      { label: 'Residencia permanente (green card)', url: 'https://www.uscis.gov/es/green-card' },
    ],
  },
  {
    id: 'residencia-familia',
    title: 'Residencia por familia',
    category: 'familia',
    keywords: [
      'pedir a mi esposo',
      'pedir a mi esposa',
      'pedir a mi mamá',
      'pedir a mi papá',
      'pedir a mi hijo',
      'petición familiar',
      'mi familiar',
      'casarme',
      'casado con ciudadano',
      'casada con ciudadano',
      'esposo ciudadano',
      'esposa ciudadana',
      'reunificación familiar',
      'mi esposo',
      'mi esposa',
      'es ciudadano',
      'es ciudadana',
      'es residente',
      'mi hijo es ciudadano',
    ],
    forms: ['I-130', 'I-485', 'I-864'],
    answer:
      'Un ciudadano o residente permanente puede pedir a ciertos familiares con el formulario I-130. Si el familiar está en Estados Unidos y entró con permiso, a veces puede pedir la residencia con el I-485 al mismo tiempo; quien lo pide también firma el I-864 de patrocinio económico. Los tiempos de espera dependen del parentesco y del país.',
    sources: [{ label: 'Formulario I-130', url: 'https://www.uscis.gov/i-130' }, USCIS_ES],
  },
  {
    id: 'ajuste-estatus',
    title: 'Ajuste de estatus (green card desde dentro de Estados Unidos)',
    category: 'residencia',
    keywords: [
      'residencia',
      'green card',
      'tarjeta verde',
      'mica',
      'ajuste de estatus',
      'residente permanente',
      'pedir la residencia',
      'sacar la residencia',
    ],
    forms: ['I-485', 'I-864'],
    answer:
      'El ajuste de estatus es pedir la residencia permanente sin salir de Estados Unidos, con el formulario I-485. Normalmente necesitas una base, como una petición familiar o de trabajo aprobada, y haber entrado con inspección. Salir del país mientras está pendiente puede cancelar tu solicitud si no tienes permiso de viaje.',
    sources: [{ label: 'Formulario I-485', url: 'https://www.uscis.gov/i-485' }],
  },
  {
    id: 'asilo',
    title: 'Asilo',
    category: 'asilo',
    keywords: [
      'asilo',
      'asilado',
      'persecución',
      'miedo de regresar',
      'refugio',
      'amenazas en mi país',
      'pedir asilo',
      'me persiguen',
    ],
    forms: ['I-589', 'I-765'],
    answer:
      'El asilo protege a quien sufrió o teme persecución en su país por su raza, religión, nacionalidad, opinión política o grupo social. Se pide con el formulario I-589, por lo general dentro de 1 año desde tu última llegada a Estados Unidos. Desde julio de 2025 hay nuevas tarifas de asilo que muchas veces no se pueden perdonar, así que revisa la página oficial.',
    sources: [{ label: 'Formulario I-589', url: 'https://www.uscis.gov/i-589' }, FEES],
  },
  {
    id: 'daca',
    title: 'DACA',
    category: 'residencia',
    keywords: [
      'daca',
      'dreamer',
      'soñador',
      'acción diferida',
      'llegué de niño',
      'llegue de niña',
      'renovar daca',
    ],
    forms: ['I-821D', 'I-765'],
    answer:
      'DACA protege de la deportación y da permiso de trabajo a algunas personas que llegaron de niños. Se pide o se renueva con el I-821D junto con el I-765 y la hoja de trabajo I-765WS. Renueva con tiempo, entre 150 y 120 días antes de que venza tu DACA, y revisa en la página oficial si se aceptan solicitudes nuevas.',
    sources: [{ label: 'DACA (I-821D)', url: 'https://www.uscis.gov/i-821d' }],
  },
  {
    id: 'tps',
    title: 'Estatus de Protección Temporal (TPS)',
    category: 'residencia',
    keywords: ['tps', 'protección temporal', 'estatus de protección temporal'],
    forms: ['I-821', 'I-765'],
    answer:
      'El TPS protege a personas de ciertos países designados mientras dure la designación. Se pide o se renueva con el I-821 en las fechas que publica USCIS, y con el I-765 si quieres permiso de trabajo. Las fechas cambian por país, así que confírmalas en la página oficial antes de enviar.',
    sources: [{ label: 'TPS (I-821)', url: 'https://www.uscis.gov/i-821' }],
  },
  {
    id: 'permiso-trabajo',
    title: 'Permiso de trabajo',
    category: 'trabajo',
    keywords: [
      'permiso de trabajo',
      'trabajar',
      'work permit',
      'ead',
      'autorización de empleo',
      'poder trabajar',
      'seguro social para trabajar',
    ],
    forms: ['I-765'],
    answer:
      'El permiso de trabajo (EAD) se pide con el formulario I-765 y necesitas una categoría que te dé derecho, como asilo pendiente, TPS, DACA o un ajuste de estatus. Revisa en las instrucciones cuál es tu categoría y si puedes enviarlo en línea, que muchas veces cuesta menos. Guarda tu recibo para seguir el caso.',
    sources: [{ label: 'Formulario I-765', url: 'https://www.uscis.gov/i-765' }, FEES],
  },
  {
    id: 'ciudadania',
    title: 'Ciudadanía',
    category: 'residencia',
    keywords: [
      'ciudadanía',
      'ciudadano',
      'naturalización',
      'naturalizarme',
      'hacerme ciudadano',
      'me hago ciudadano',
      'examen de ciudadanía',
    ],
    forms: ['N-400'],
    answer:
      'Para hacerte ciudadano se usa el formulario N-400, por lo general después de 5 años como residente permanente, o 3 si estás casado con un ciudadano y viven juntos. Debes mostrar buen carácter moral y pasar el examen de inglés y cívica, con algunas excepciones por edad. Puedes enviarlo en línea y revisar la tarifa en la página oficial.',
    sources: [{ label: 'Formulario N-400', url: 'https://www.uscis.gov/n-400' }],
  },
  {
    id: 'visa-u',
    title: 'Visa U para víctimas de delitos',
    category: 'otros',
    keywords: [
      'visa u',
      'víctima de un delito',
      'victima de crimen',
      'me asaltaron',
      'violencia',
      'denuncié a la policía',
    ],
    forms: ['I-918'],
    answer:
      'La visa U es para víctimas de ciertos delitos que ayudaron o están dispuestas a ayudar a la policía o a la fiscalía. Se pide con el formulario I-918, que no tiene costo de presentación, y necesita una certificación firmada por la autoridad. Puede llevar a la residencia después de unos años.',
    sources: [{ label: 'Formulario I-918', url: 'https://www.uscis.gov/i-918' }],
  },
  {
    id: 'visa-t',
    title: 'Visa T para víctimas de trata',
    category: 'otros',
    keywords: ['visa t', 'trata', 'tráfico de personas', 'trabajo forzado', 'me obligaron a trabajar'],
    forms: ['I-914'],
    answer:
      'La visa T protege a víctimas de trata de personas, incluido el trabajo forzado. Se pide con el formulario I-914. Si estás en peligro ahora, llama al 911.',
    sources: [{ label: 'Formulario I-914', url: 'https://www.uscis.gov/i-914' }],
  },
  {
    id: 'vawa',
    title: 'VAWA (violencia doméstica)',
    category: 'familia',
    keywords: [
      'vawa',
      'violencia doméstica',
      'mi esposo me pega',
      'me maltrata',
      'abuso',
      'mi pareja me golpea',
    ],
    forms: ['I-360'],
    answer:
      'Con VAWA, una persona maltratada por su cónyuge, padre o hijo ciudadano o residente puede pedir por su cuenta, sin que el agresor lo sepa, con el formulario I-360. Tu caso es confidencial. Si estás en peligro, llama al 911 o a la Línea Nacional contra la Violencia Doméstica, 1-800-799-7233.',
    sources: [{ label: 'Formulario I-360', url: 'https://www.uscis.gov/i-360' }],
  },
  {
    id: 'sij',
    title: 'Menores inmigrantes especiales (SIJ)',
    category: 'familia',
    keywords: [
      'menor no acompañado',
      'sij',
      'inmigrante juvenil especial',
      'abandonado por mis padres',
      'menor de edad solo',
    ],
    forms: ['I-360'],
    answer:
      'El estatus de menor inmigrante especial (SIJ) ayuda a jóvenes menores de 21 años que fueron abandonados, maltratados o descuidados por uno o ambos padres. Primero una corte estatal debe dar ciertas órdenes y después se pide con el formulario I-360. Los plazos dependen de la edad, así que conviene actuar pronto.',
    sources: [{ label: 'Formulario I-360', url: 'https://www.uscis.gov/i-360' }],
  },
  {
    id: 'corte-inmigracion',
    title: 'Corte de inmigración y Aviso de Comparecencia',
    category: 'asilo',
    keywords: [
      'corte',
      'juez',
      'audiencia',
      'aviso de comparecencia',
      'notice to appear',
      'nta',
      'i-862',
      'deportación',
      'proceso de deportación',
      'cita en corte',
    ],
    forms: ['EOIR-26', 'EOIR-42B'],
    answer:
      'El Aviso de Comparecencia (I-862) abre un caso de deportación en la corte de inmigración. Revisa la fecha de tu audiencia en el portal de EOIR o al 1-800-898-7180 con tu número A de 9 dígitos, y mantén tu dirección al día con la corte. Si faltas a una audiencia, el juez puede ordenar tu deportación sin escucharte.',
    sources: [EOIR_PORTAL, PRO_BONO],
    urgent: true,
  },
  {
    id: 'detencion-derechos',
    title: 'Detención y tus derechos',
    category: 'otros',
    keywords: [
      'detenido',
      'detenida',
      'ice',
      'migra',
      'redada',
      'arrestaron',
      'tocan la puerta',
      'mis derechos',
      'orden judicial',
      'centro de detención',
    ],
    forms: ['G-28'],
    answer:
      'Tienes derecho a guardar silencio y a no abrir la puerta si no te muestran una orden firmada por un juez. No firmes papeles que no entiendas y pide hablar con un abogado. Si alguien de tu familia está detenido, busca su número A y un abogado o representante acreditado de inmediato.',
    sources: [
      PRO_BONO,
      { label: 'Directorio de ayuda legal sin fines de lucro', url: 'https://www.immigrationlawhelp.org' },
    ],
    urgent: true,
  },
  {
    id: 'estafas-notarios',
    title: 'Estafas de notarios',
    category: 'otros',
    keywords: ['notario', 'estafa', 'fraude', 'me cobraron', 'consultor', 'me engañaron', 'tramitador'],
    forms: ['G-28'],
    answer:
      'En Estados Unidos un notario público no es abogado y no puede darte consejos legales ni llenar tus trámites como si lo fuera. Desconfía de quien te promete un resultado seguro o te pide pagar con Western Union, MoneyGram, PayPal o tarjetas de regalo: USCIS nunca cobra así. Puedes denunciarlo en ReportFraud.ftc.gov o al 1-877-382-4357, con atención en español.',
    sources: [{ label: 'Denunciar fraude (FTC)', url: 'https://reportfraud.ftc.gov' }, USCIS_ES],
  },
  {
    id: 'exencion-tarifas',
    title: 'Exención de tarifas',
    category: 'otros',
    keywords: [
      'no puedo pagar',
      'exención',
      'perdón de tarifa',
      'fee waiver',
      'sin dinero',
      'bajos ingresos',
      'ayuda para pagar',
    ],
    forms: ['I-912'],
    answer:
      'Si recibes un beneficio público basado en ingresos, si tus ingresos están en o debajo del 150% de la línea de pobreza, o si pasas una dificultad económica, puedes pedir no pagar ciertas tarifas con el I-912. No todos los formularios lo permiten, y varias tarifas nuevas de 2025 no se pueden perdonar. Revisa la lista oficial antes de enviar.',
    sources: [{ label: 'Formulario I-912', url: 'https://www.uscis.gov/i-912' }, FEES],
  },
  {
    id: 'tarifas',
    title: 'Cuánto cuestan los trámites',
    category: 'otros',
    keywords: ['cuánto cuesta', 'costo', 'tarifa', 'precio', 'cuánto pago', 'cobran'],
    forms: ['I-912'],
    answer:
      'Las tarifas de USCIS cambian seguido y cada formulario se paga por separado. La lista vigente está en el formulario G-1055, en uscis.gov/g-1055, y enviar en línea muchas veces cuesta menos. Si no puedes pagar, revisa si tu formulario permite la exención con el I-912.',
    sources: [FEES],
  },
  {
    id: 'estado-caso',
    title: 'Estado de tu caso',
    category: 'otros',
    keywords: [
      'estado de mi caso',
      'número de recibo',
      'receipt',
      'cómo va mi caso',
      'revisar mi caso',
      'tiempos de procesamiento',
      'cuánto tarda',
    ],
    forms: [],
    answer:
      'Puedes revisar tu caso en egov.uscis.gov/casestatus con tu número de recibo, que tiene 3 letras y 10 números, por ejemplo IOE0123456789. Los tiempos de espera están en uscis.gov/processingtimes. También puedes llamar al Centro de Contacto de USCIS al 1-800-375-5283, con atención en español.',
    sources: [
      CASE_STATUS,
      { label: 'Tiempos de procesamiento', url: 'https://www.uscis.gov/processingtimes' },
    ],
  },
  {
    id: 'cambio-direccion',
    title: 'Cambio de dirección',
    category: 'otros',
    keywords: ['cambio de dirección', 'me mudé', 'nueva dirección', 'cambiar mi dirección', 'mudanza'],
    forms: ['AR-11'],
    answer:
      'Si te mudas, debes avisar a USCIS dentro de 10 días, en línea en uscis.gov/addresschange o con el formulario AR-11. Si tienes caso en la corte de inmigración, también debes avisar a la corte por separado. Así no pierdes cartas ni citas importantes.',
    sources: [{ label: 'Cambio de dirección', url: 'https://www.uscis.gov/addresschange' }],
  },
  {
    id: 'renovar-green-card',
    title: 'Renovar o reemplazar la green card',
    category: 'residencia',
    keywords: [
      'renovar mi green card',
      'renovar la mica',
      'se me venció la residencia',
      'perdí mi green card',
      'reemplazar tarjeta',
      'tarjeta vencida',
    ],
    forms: ['I-90'],
    answer:
      'Para renovar una green card de 10 años que vence o reemplazar una perdida o dañada se usa el formulario I-90. Puedes enviarlo hasta 6 meses antes de que venza. Si tu tarjeta es condicional de 2 años, el trámite es otro: el I-751.',
    sources: [{ label: 'Formulario I-90', url: 'https://www.uscis.gov/i-90' }],
  },
  {
    id: 'condiciones-residencia',
    title: 'Quitar las condiciones de la residencia',
    category: 'familia',
    keywords: [
      'residencia condicional',
      'quitar condiciones',
      'tarjeta de 2 años',
      'green card de dos años',
      'i-751',
    ],
    forms: ['I-751'],
    answer:
      'Si tu residencia es condicional de 2 años por matrimonio, debes pedir quitar las condiciones con el I-751 en los 90 días antes de que venza la tarjeta. Si no lo haces a tiempo, puedes perder la residencia. Si ya no estás casado, puede haber excepciones.',
    sources: [{ label: 'Formulario I-751', url: 'https://www.uscis.gov/i-751' }],
  },
  {
    id: 'perdon-presencia',
    title: 'Perdón provisional por presencia ilegal',
    category: 'familia',
    keywords: [
      'perdón',
      'castigo de 10 años',
      'castigo de 3 años',
      'waiver',
      'presencia ilegal',
      'entrevista en el consulado',
      'salir para arreglar',
    ],
    forms: ['I-601A'],
    answer:
      'Quien estuvo sin permiso en Estados Unidos puede recibir un castigo de 3 o 10 años al salir del país. El perdón provisional I-601A permite pedir que lo perdonen antes de viajar a la entrevista en el consulado, mostrando que tu familiar ciudadano o residente sufriría mucho sin ti. No salgas del país sin que un abogado revise tu caso.',
    sources: [{ label: 'Formulario I-601A', url: 'https://www.uscis.gov/i-601a' }],
  },
  {
    id: 'permiso-viaje',
    title: 'Permiso para viajar',
    category: 'otros',
    keywords: [
      'viajar',
      'salir del país',
      'permiso de viaje',
      'advance parole',
      'permiso de reingreso',
      'visitar mi país',
    ],
    forms: ['I-131'],
    answer:
      'Para salir y volver a entrar sin perder tu caso puede hacer falta un permiso de viaje, que se pide con el formulario I-131 antes de salir. Hay permisos de reingreso para residentes, documentos de viaje para refugiados y asilados, y permiso anticipado (advance parole) para casos pendientes. Viajar sin el permiso correcto puede cancelar tu solicitud.',
    sources: [{ label: 'Formulario I-131', url: 'https://www.uscis.gov/i-131' }],
  },
  {
    id: 'prometido',
    title: 'Visa de prometido(a)',
    category: 'familia',
    keywords: ['prometido', 'prometida', 'novia', 'novio', 'visa k-1', 'casarme con un ciudadano'],
    forms: ['I-129F'],
    answer:
      'Un ciudadano puede pedir a su prometido o prometida que vive fuera de Estados Unidos con el formulario I-129F, para la visa K-1. Deben casarse dentro de los 90 días después de la llegada. Después, la persona pide la residencia con el I-485.',
    sources: [{ label: 'Formulario I-129F', url: 'https://www.uscis.gov/i-129f' }],
  },
  {
    id: 'apelacion-uscis',
    title: 'Apelar una negación de USCIS',
    category: 'otros',
    keywords: [
      'negaron',
      'me negaron',
      'negación',
      'apelar',
      'apelación',
      'denegada',
      'rechazaron mi caso',
      'moción',
    ],
    forms: ['I-290B'],
    answer:
      'Si USCIS negó tu solicitud, muchas veces puedes apelar o pedir que reconsideren con el I-290B dentro de 30 días, o 33 si la decisión te llegó por correo. Algunas negaciones se apelan ante la Junta de Apelaciones (BIA) con otro formulario, y la carta dice cuál. El plazo es corto, así que actúa de inmediato.',
    sources: [{ label: 'Formulario I-290B', url: 'https://www.uscis.gov/i-290b' }],
    urgent: true,
  },
  {
    id: 'apelacion-corte',
    title: 'Apelar la decisión de un juez de inmigración',
    category: 'asilo',
    keywords: ['apelar al juez', 'el juez me negó', 'orden de deportación', 'bia', 'junta de apelaciones'],
    forms: ['EOIR-26'],
    answer:
      'Para apelar la decisión de un juez de inmigración se usa el EOIR-26, y la Junta de Apelaciones de Inmigración debe recibirlo dentro de 30 días naturales. Desde 2025 hay tarifas nuevas para estas apelaciones. Por lo corto del plazo, busca un abogado o representante acreditado hoy mismo.',
    sources: [
      {
        label: 'Formulario EOIR-26',
        url: 'https://www.justice.gov/eoir/form-eoir-26-notice-appeal-decision-immigration-judge',
      },
      PRO_BONO,
    ],
    urgent: true,
  },
  {
    id: 'cancelacion-deportacion',
    title: 'Cancelación de deportación',
    category: 'asilo',
    keywords: ['cancelación de deportación', '10 años aquí', 'diez años', 'cancelación de remoción'],
    forms: ['EOIR-42B'],
    answer:
      'La cancelación de deportación para no residentes se pide ante el juez con el EOIR-42B, solo si ya estás en proceso en la corte. Pide 10 años de presencia continua, buen carácter moral y que tu deportación cause un daño excepcional a tu esposo, padre o hijo ciudadano o residente. Es un caso difícil que necesita un abogado.',
    sources: [
      {
        label: 'Formulario EOIR-42B',
        url: 'https://www.justice.gov/eoir/form-eoir-42b-application-cancellation-removal-and-adjustment-status-certain-nonpermanent',
      },
    ],
    urgent: true,
  },
  {
    id: 'abogado-gratis',
    title: 'Encontrar un abogado o representante acreditado',
    category: 'otros',
    keywords: [
      'abogado',
      'abogado gratis',
      'ayuda legal',
      'representante',
      'no tengo dinero para abogado',
      'organización',
      'asesoría legal',
    ],
    forms: ['G-28'],
    answer:
      'Solo un abogado con licencia o un representante acreditado por el Departamento de Justicia puede darte consejo legal sobre tu caso. Hay servicios gratuitos o de bajo costo en la lista oficial de EOIR y en immigrationlawhelp.org, donde buscas por código postal. Tu abogado o representante se registra en tu caso con el formulario G-28.',
    sources: [
      PRO_BONO,
      {
        label: 'Representantes acreditados (EOIR)',
        url: 'https://www.justice.gov/eoir/recognition-and-accreditation-roster-reports',
      },
    ],
  },
  {
    id: 'patrocinio',
    title: 'Patrocinio económico',
    category: 'familia',
    keywords: [
      'patrocinador',
      'patrocinio',
      'affidavit',
      'carta de sostén',
      'co-patrocinador',
      'ingresos del patrocinador',
    ],
    forms: ['I-864'],
    answer:
      'En la mayoría de los casos por familia, quien pide firma el I-864 para prometer que apoyará económicamente a la persona. Si sus ingresos no alcanzan, puede sumarse un co-patrocinador. Es un compromiso legal serio con el gobierno.',
    sources: [{ label: 'Formulario I-864', url: 'https://www.uscis.gov/i-864' }],
  },
  {
    id: 'biometria',
    title: 'Cita de biométricos',
    category: 'otros',
    keywords: ['biométricos', 'huellas', 'cita de huellas', 'fotos y huellas', 'asc'],
    forms: [],
    answer:
      'En la cita de biométricos te toman huellas, foto y firma en un Centro de Apoyo de Solicitudes. Lleva la carta de la cita y una identificación con foto, y llega a tiempo. Si no puedes ir, cambia la cita antes de la fecha, porque faltar puede hacer que nieguen tu caso por abandono.',
    sources: [USCIS_ES],
  },
  {
    id: 'rfe',
    title: 'Solicitud de evidencia (RFE)',
    category: 'otros',
    keywords: [
      'rfe',
      'solicitud de evidencia',
      'me piden más documentos',
      'pidieron pruebas',
      'request for evidence',
    ],
    forms: [],
    answer:
      'Una solicitud de evidencia (RFE) significa que USCIS necesita más pruebas para decidir. Contesta antes de la fecha que dice la carta, que como máximo son 12 semanas, más 3 días si llegó por correo, y manda todo junto con la hoja de la carta encima. Si no contestas, pueden negar tu caso.',
    sources: [CASE_STATUS],
    urgent: true,
  },
  {
    id: 'noid',
    title: 'Aviso de intención de negar (NOID)',
    category: 'otros',
    keywords: ['noid', 'intención de negar', 'intent to deny', 'van a negar'],
    forms: [],
    answer:
      'Un aviso de intención de negar (NOID) dice que USCIS piensa negar tu caso y te da la oportunidad de responder, como máximo en 30 días. Lee con cuidado las razones y manda pruebas que las contesten. Es un momento delicado: consulta a un abogado o representante acreditado ya.',
    sources: [PRO_BONO],
    urgent: true,
  },
  {
    id: 'entrevista',
    title: 'Entrevista con USCIS',
    category: 'otros',
    keywords: ['entrevista', 'cita de entrevista', 'preguntas de la entrevista', 'me citaron'],
    forms: [],
    answer:
      'Para la entrevista lleva la carta de la cita, tu identificación y los documentos originales que pide la carta. Contesta con la verdad y, si no entiendes una pregunta, pide que la repitan. Si necesitas intérprete, revisa en la carta si debes llevar el tuyo.',
    sources: [USCIS_ES],
  },
  {
    id: 'traduccion-documentos',
    title: 'Traducción de documentos',
    category: 'otros',
    keywords: [
      'traducir',
      'traducción',
      'acta de nacimiento en español',
      'documentos en español',
      'traductor certificado',
    ],
    forms: [],
    answer:
      'Los formularios de USCIS se llenan en inglés y todo documento en otro idioma necesita una traducción completa al inglés. La persona que traduce firma una certificación de que sabe los dos idiomas y de que la traducción es fiel. Envía copia del original junto con la traducción.',
    sources: [USCIS_ES],
  },
];

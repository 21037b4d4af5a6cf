import type { BlogLocale } from '../../../core/services/blog/locale.ts';

/** Word lists the demo generator composes posts from, per locale. */
export interface BlogWords {
  authors: string[];
  categories: string[];
  headings: string[];
  listHeading: string;
  closingHeading: string;
  /** Sentences that fit any post. */
  sentences: string[];
  closings: string[];
  /** For generated posts: [name, tag] of trades and of topics, and title templates. */
  trades: Array<[string, string]>;
  topics: Array<[string, string]>;
  verbs: string[];
  titles: Array<(w: { trade: string; topic: string; verb: string; n: number }) => string>;
  /** Sentence templates mentioning the trade and the topic. */
  topical: Array<(w: { trade: string; topic: string; verb: string }) => string>;
}

const en: BlogWords = {
  authors: ['Maria Alvarez', 'James Carter', 'Priya Natarajan', 'Daniel Brooks', 'Aisha Johnson', 'Tom Becker'],
  categories: [
    'Scheduling & Dispatch',
    'Invoicing & Payments',
    'Customer Experience',
    'Technician Tips',
    'Business Growth',
    'Government Contracts',
    'Safety & Compliance',
    'Software & Tools',
  ],
  headings: ['Why it matters', 'Where most teams start', 'What good looks like', 'The numbers behind it'],
  listHeading: 'What to do this week',
  closingHeading: 'The takeaway',
  sentences: [
    'Small service businesses feel every wasted hour twice: once in payroll and once in the customer’s patience.',
    'The teams that do this well write the process down, even if it fits on one page.',
    'Start with the jobs you do most often; that is where a small improvement pays back fastest.',
    'Ask your technicians first. They already know where the day goes wrong.',
    'Measure one thing for a month before changing anything else.',
    'Customers rarely remember the price a year later, but they remember whether you showed up when you said.',
    'A checklist is not bureaucracy when it saves a second trip.',
    'Most of the gains come from consistency, not from new tools.',
    'If the office and the field see the same job details, half of the phone calls disappear.',
    'Good habits spread faster when the most experienced technician adopts them first.',
    'Review the results with the whole crew; the people doing the work will spot what the report misses.',
    'None of this needs expensive software, although the right tools make it easier to keep up.',
  ],
  closings: [
    'Pick one of these steps, try it for two weeks and keep what works.',
    'Small, steady changes add up to a calmer schedule and better margins.',
    'Your customers will notice before your competitors do.',
  ],
  trades: [
    ['HVAC', 'hvac'],
    ['plumbing', 'plumbing'],
    ['electrical', 'electrical'],
    ['landscaping', 'landscaping'],
    ['roofing', 'roofing'],
    ['commercial cleaning', 'cleaning'],
    ['pest control', 'pest-control'],
    ['appliance repair', 'appliance-repair'],
    ['garage door', 'garage-doors'],
    ['pool service', 'pool-service'],
    ['solar installation', 'solar'],
    ['locksmith', 'locksmith'],
  ],
  topics: [
    ['callbacks', 'callbacks'],
    ['truck inventory', 'inventory'],
    ['invoices', 'invoicing'],
    ['arrival windows', 'scheduling'],
    ['maintenance plans', 'maintenance-plans'],
    ['quotes', 'pricing'],
    ['job photos', 'photos'],
    ['route planning', 'routing'],
    ['customer reviews', 'customer-reviews'],
    ['warranty claims', 'warranty'],
    ['on-call rotations', 'emergency'],
    ['permits', 'permits'],
    ['safety briefings', 'safety'],
    ['government bids', 'government'],
    ['payment collection', 'payments'],
    ['technician training', 'training'],
  ],
  verbs: ['reduce', 'improve', 'automate', 'simplify', 'measure', 'rethink', 'organize', 'speed up'],
  titles: [
    (w) => `${w.n} ways ${w.trade} teams can ${w.verb} ${w.topic}`,
    (w) => `How ${w.trade} companies ${w.verb} ${w.topic}`,
    (w) => `Why getting ${w.topic} right matters in ${w.trade}`,
    (w) => `A field guide to ${w.topic} for ${w.trade} crews`,
    (w) => `What ${w.n} ${w.trade} jobs taught us about ${w.topic}`,
    (w) => `${w.topic[0]?.toUpperCase()}${w.topic.slice(1)} in ${w.trade}: a practical checklist`,
  ],
  topical: [
    (w) => `In ${w.trade} work, how you handle ${w.topic} decides more of the margin than most owners expect.`,
    (w) => `Teams that ${w.verb} ${w.topic} usually start by tracking the results on every job for a month.`,
    (w) => `A ${w.trade} crew that handles ${w.topic} well spends less time on the phone and more on billable work.`,
    (w) => `The simplest way to ${w.verb} ${w.topic} is to agree on one standard and review it weekly.`,
    (w) => `Customers of ${w.trade} businesses notice ${w.topic} long before they notice price.`,
  ],
};

const es: BlogWords = {
  authors: ['Lucía Hernández', 'Carlos Ramírez', 'Sofía Morales', 'Javier Ortega', 'Ana Beltrán', 'Miguel Castillo'],
  categories: [
    'Programación y despacho',
    'Facturación y pagos',
    'Experiencia del cliente',
    'Consejos para técnicos',
    'Crecimiento del negocio',
    'Contratos gubernamentales',
    'Seguridad y cumplimiento',
    'Software y herramientas',
  ],
  headings: ['Por qué importa', 'Por dónde empezar', 'Cómo se ve un buen resultado', 'Los números detrás'],
  listHeading: 'Qué hacer esta semana',
  closingHeading: 'En resumen',
  sentences: [
    'Las empresas de servicio pequeñas sienten cada hora perdida dos veces: en la nómina y en la paciencia del cliente.',
    'Los equipos que lo hacen bien escriben el proceso, aunque quepa en una sola página.',
    'Empiece por los trabajos más frecuentes; ahí una mejora pequeña se paga más rápido.',
    'Pregunte primero a sus técnicos. Ellos ya saben dónde se complica el día.',
    'Mida una sola cosa durante un mes antes de cambiar lo demás.',
    'Los clientes olvidan el precio, pero recuerdan si usted llegó a la hora prometida.',
    'Una lista de verificación no es burocracia cuando evita un segundo viaje.',
    'La mayor parte de la mejora viene de la constancia, no de herramientas nuevas.',
    'Si la oficina y el campo ven los mismos datos del trabajo, la mitad de las llamadas desaparece.',
    'Los buenos hábitos se extienden más rápido cuando el técnico con más experiencia los adopta primero.',
    'Revise los resultados con todo el equipo; quienes hacen el trabajo ven lo que el reporte no muestra.',
    'Nada de esto requiere software caro, aunque las herramientas correctas facilitan la constancia.',
  ],
  closings: [
    'Elija uno de estos pasos, pruébelo dos semanas y conserve lo que funcione.',
    'Los cambios pequeños y constantes suman una agenda más tranquila y mejores márgenes.',
    'Sus clientes lo notarán antes que su competencia.',
  ],
  trades: [
    ['climatización', 'hvac'],
    ['plomería', 'plomeria'],
    ['electricidad', 'electricidad'],
    ['jardinería', 'jardineria'],
    ['techado', 'techos'],
    ['limpieza comercial', 'limpieza'],
    ['control de plagas', 'control-de-plagas'],
    ['reparación de electrodomésticos', 'electrodomesticos'],
    ['puertas de garaje', 'puertas-de-garaje'],
    ['mantenimiento de piscinas', 'piscinas'],
    ['instalación solar', 'solar'],
    ['cerrajería', 'cerrajeria'],
  ],
  topics: [
    ['las visitas de garantía', 'garantia'],
    ['el inventario de la camioneta', 'inventario'],
    ['las facturas', 'facturacion'],
    ['las ventanas de llegada', 'programacion'],
    ['los planes de mantenimiento', 'planes-de-mantenimiento'],
    ['las cotizaciones', 'precios'],
    ['las fotos de cada trabajo', 'fotos'],
    ['la planificación de rutas', 'rutas'],
    ['las reseñas de clientes', 'resenas'],
    ['las guardias', 'emergencias'],
    ['los permisos', 'permisos'],
    ['las charlas de seguridad', 'seguridad'],
    ['las licitaciones públicas', 'gobierno'],
    ['el cobro', 'pagos'],
    ['la capacitación de técnicos', 'capacitacion'],
  ],
  verbs: ['reducir', 'mejorar', 'automatizar', 'simplificar', 'medir', 'replantear', 'organizar', 'agilizar'],
  titles: [
    (w) => `${w.n} formas de ${w.verb} ${w.topic} en ${w.trade}`,
    (w) => `Cómo las empresas de ${w.trade} logran ${w.verb} ${w.topic}`,
    (w) => `¿Por qué importa cuidar ${w.topic} en ${w.trade}?`,
    (w) => `Guía práctica: ${w.topic} para cuadrillas de ${w.trade}`,
    (w) => `Lo que ${w.n} trabajos de ${w.trade} nos enseñaron sobre ${w.topic}`,
    (w) => `Lista de verificación de ${w.trade}: ${w.topic}`,
  ],
  topical: [
    (w) => `En ${w.trade}, la manera de manejar ${w.topic} decide buena parte del margen.`,
    (w) =>
      `Los equipos que buscan ${w.verb} ${w.topic} empiezan por registrar los resultados de cada trabajo durante un mes.`,
    (w) =>
      `Una cuadrilla de ${w.trade} que domina ${w.topic} pasa menos tiempo al teléfono y más en trabajo facturable.`,
    (w) => `La forma más sencilla de ${w.verb} ${w.topic} es acordar un estándar y revisarlo cada semana.`,
    (w) => `Los clientes de ${w.trade} notan ${w.topic} mucho antes que el precio.`,
  ],
};

export const blogWords: Record<BlogLocale, BlogWords> = { 'en-US': en, 'es-US': es };

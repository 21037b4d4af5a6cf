import type { DemoTopic } from './blog-demo-topic.ts';

/** Hand-written Spanish demo posts (es-US). */
export const demoTopicsEs: DemoTopic[] = [
  {
    title: 'Cómo organizar el tablero de despacho para los lunes',
    excerpt:
      'Un tablero de despacho claro evita que las emergencias, las visitas de garantía y los trabajos de rutina choquen.',
    category: 'Programación y despacho',
    tags: ['programacion', 'despacho', 'hvac'],
    points: [
      'Reserve un espacio por zona para emergencias del mismo día.',
      'Use colores según la duración del trabajo para ver los huecos del día.',
      'Confirme la agenda de mañana todos los días a las tres de la tarde.',
    ],
  },
  {
    title: 'Rutas más cortas para equipos pequeños de climatización',
    excerpt: 'Reducir el tiempo de manejo no requiere un científico de datos, solo buenos hábitos de planificación.',
    category: 'Programación y despacho',
    tags: ['rutas', 'hvac', 'combustible'],
    points: [
      'Agrupe las visitas de mantenimiento por vecindario.',
      'Empiece el día con el trayecto más largo, cuando hay menos tráfico.',
      'Mida las millas por trabajo completado cada semana.',
    ],
  },
  {
    title: 'Ventanas de llegada en las que los clientes confían',
    excerpt: 'Ventanas de dos horas, avisos honestos y un mensaje cuando el técnico sale del trabajo anterior.',
    category: 'Experiencia del cliente',
    tags: ['programacion', 'comunicacion', 'sms'],
    points: [
      'Prometa una ventana de dos horas y envíe un mensaje cuando el técnico vaya en camino.',
      'Si un trabajo se atrasa, avise al siguiente cliente antes de que empiece su ventana.',
      'Los clientes perdonan los retrasos avisados a tiempo; no perdonan el silencio.',
    ],
  },
  {
    title: 'Cobrar en el sitio: lectores de tarjetas, enlaces de pago y depósitos',
    excerpt: 'Cobrar antes de que la camioneta salga acorta el ciclo de efectivo por semanas.',
    category: 'Facturación y pagos',
    tags: ['pagos', 'facturacion', 'flujo-de-caja'],
    points: [
      'Entregue a cada técnico un lector de tarjetas y la opción de enviar un enlace de pago por mensaje.',
      'Pida un depósito en las instalaciones grandes cuando el cliente acepte la cotización.',
      'Concilie los pagos con tarjeta todos los días.',
    ],
  },
  {
    title: 'Facturas claras que evitan disputas de pago',
    excerpt:
      'Conceptos detallados, fotos del trabajo terminado y condiciones sencillas evitan la mayoría de las llamadas.',
    category: 'Facturación y pagos',
    tags: ['facturacion', 'pagos', 'comunicacion'],
    points: [
      'Separe la mano de obra de los materiales y nombre cada pieza.',
      'Adjunte fotos del antes y el después en las reparaciones importantes.',
      'Ponga la fecha de vencimiento y los métodos de pago al principio de la factura.',
    ],
  },
  {
    title: 'Precio fijo o tiempo y materiales en reparaciones de plomería',
    excerpt: 'El mejor modelo de precios depende de qué tan predecibles son sus trabajos.',
    category: 'Crecimiento del negocio',
    tags: ['precios', 'plomeria', 'precio-fijo'],
    points: [
      'El precio fijo premia a los técnicos eficientes y da certeza al cliente.',
      'Tiempo y materiales conviene en diagnósticos donde nadie conoce el alcance.',
      'Muchos talleres usan precio fijo para las veinte reparaciones más comunes.',
    ],
  },
  {
    title: 'Contratos de mantenimiento: ingresos recurrentes para la temporada baja',
    excerpt: 'Un plan con dos visitas al año convierte clientes ocasionales en una agenda predecible.',
    category: 'Crecimiento del negocio',
    tags: ['planes-de-mantenimiento', 'ingresos-recurrentes', 'hvac'],
    points: [
      'Ponga precio al plan para que las visitas cubran costos y la prioridad sea la ganancia.',
      'Programe las visitas del plan entre temporadas altas.',
      'Renueve automáticamente con un aviso treinta días antes.',
    ],
  },
  {
    title: 'Cómo contratar a su primer despachador',
    excerpt: 'Mientras el dueño conteste todas las llamadas, el negocio tiene un techo.',
    category: 'Crecimiento del negocio',
    tags: ['contratacion', 'despacho', 'operaciones'],
    points: [
      'Contrate a alguien tranquilo bajo presión y que escriba con claridad.',
      'Escriba cómo decide qué técnico toma cada trabajo antes de que llegue la persona nueva.',
      'Deje que el despachador sea dueño de la agenda.',
    ],
  },
  {
    title: 'Lista de capacitación para técnicos nuevos en sus primeros 30 días',
    excerpt:
      'Acompañamientos, revisión de herramientas y una lista clara de lo que puede hacer solo en la cuarta semana.',
    category: 'Consejos para técnicos',
    tags: ['contratacion', 'capacitacion', 'induccion'],
    points: [
      'Asigne un técnico experimentado durante los primeros diez trabajos.',
      'Revisen juntos el inventario de la camioneta.',
      'Acuerden por escrito los trabajos que podrá hacer solo después de treinta días.',
    ],
  },
  {
    title: 'Notas de trabajo que el siguiente técnico sí puede usar',
    excerpt: 'Unas buenas notas ahorran veinte minutos en la siguiente visita y evitan repetir preguntas al cliente.',
    category: 'Consejos para técnicos',
    tags: ['notas', 'capacitacion', 'comunicacion'],
    points: [
      'Anote el modelo, el número de serie y la ubicación del equipo en la primera visita.',
      'Escriba qué probó, qué midió y qué revisaría la próxima vez.',
      'Tome una foto de la etiqueta del equipo.',
    ],
  },
  {
    title: 'Fotos de cada trabajo: un estándar sencillo',
    excerpt: 'Las fotos del antes, durante y después protegen al equipo y agilizan los reclamos de garantía.',
    category: 'Consejos para técnicos',
    tags: ['fotos', 'notas', 'garantia'],
    points: [
      'Tome una foto general del área antes de tocar nada.',
      'Fotografíe las conexiones ocultas antes de cerrar la pared.',
      'Termine con la instalación completa y el área limpia.',
    ],
  },
  {
    title: 'Seguridad en escaleras y techos',
    excerpt: 'La mayoría de las caídas ocurren en trabajos rutinarios; una revisión breve antes de subir lo evita.',
    category: 'Seguridad y cumplimiento',
    tags: ['seguridad', 'techos', 'capacitacion'],
    points: [
      'Revise las patas y los seguros de la escalera antes de cada subida.',
      'Mantenga tres puntos de contacto y lleve las herramientas en el cinturón.',
      'Suspenda el trabajo en techos con viento fuerte o hielo.',
    ],
  },
  {
    title: 'Prevención de enfermedades por calor en cuadrillas de verano',
    excerpt: 'Agua, descanso y sombra para trabajos en áticos y techos durante las olas de calor.',
    category: 'Seguridad y cumplimiento',
    tags: ['seguridad', 'hvac', 'verano'],
    points: [
      'Programe los trabajos en áticos antes del mediodía en los días más calurosos.',
      'Dé una semana de adaptación a los trabajadores nuevos.',
      'Enseñe a todos a reconocer la confusión y el mareo en un compañero.',
    ],
  },
  {
    title: 'Licencias y certificaciones siempre al día',
    excerpt: 'Un calendario de vencimientos para licencias, certificaciones de refrigerantes y seguros.',
    category: 'Seguridad y cumplimiento',
    tags: ['licencias', 'cumplimiento', 'electricidad'],
    points: [
      'Mantenga una sola lista con cada licencia, su titular y su vencimiento.',
      'Programe recordatorios noventa y treinta días antes.',
      'Guarde copias en la aplicación para mostrarlas en el sitio.',
    ],
  },
  {
    title: 'Oportunidades de contratos con el gobierno para contratistas pequeños',
    excerpt: 'El mantenimiento de instalaciones, la jardinería y la limpieza se publican abiertamente.',
    category: 'Contratos gubernamentales',
    tags: ['gobierno', 'contratos', 'licitaciones'],
    points: [
      'Busque oportunidades por código NAICS de los oficios que ya realiza.',
      'Filtre por lugar de ejecución para licitar solo donde llegan sus cuadrillas.',
      'Lea primero la fecha límite de respuesta.',
    ],
  },
  {
    title: 'Reservas para pequeñas empresas en contratos públicos',
    excerpt: 'Las reservas para pequeñas empresas y negocios de veteranos reducen la competencia.',
    category: 'Contratos gubernamentales',
    tags: ['gobierno', 'reservas', 'pequenas-empresas'],
    points: [
      'Una reserva limita quién puede licitar.',
      'Registre sus certificaciones antes de necesitarlas; la aprobación tarda.',
      'Revise los límites de subcontratación de cada convocatoria.',
    ],
  },
  {
    title: 'Cómo responder a reseñas negativas sin ponerse a la defensiva',
    excerpt: 'Una respuesta pública tranquila gana más clientes de los que la reseña aleja.',
    category: 'Experiencia del cliente',
    tags: ['resenas', 'reputacion', 'mercadeo'],
    points: [
      'Agradezca, explique los hechos en pocas palabras y ofrezca una línea directa.',
      'Nunca discuta en público; lleve los detalles a una llamada.',
      'Responda también las reseñas buenas y mencione al técnico.',
    ],
  },
  {
    title: 'Pedir reseñas en el momento adecuado',
    excerpt: 'El mejor momento para pedir una reseña es cuando el cliente nota la diferencia.',
    category: 'Experiencia del cliente',
    tags: ['resenas', 'mercadeo', 'sms'],
    points: [
      'Pida la reseña justo cuando el sistema vuelve a funcionar.',
      'Envíe el enlace por mensaje con el nombre del técnico.',
      'Una oración y un enlace son suficientes.',
    ],
  },
  {
    title: 'SEO local para plomeros y electricistas',
    excerpt: 'Su perfil de negocio, sus páginas por zona y sus reseñas deciden si aparece en las búsquedas cercanas.',
    category: 'Crecimiento del negocio',
    tags: ['mercadeo', 'seo', 'plomeria', 'electricidad'],
    points: [
      'Complete todos los campos de su perfil de negocio.',
      'Escriba una página por servicio y ciudad que realmente atiende.',
      'Use el mismo nombre, dirección y teléfono en todos los directorios.',
    ],
  },
  {
    title: 'Calendario de mercadeo para empresas de jardinería',
    excerpt: 'Limpiezas de primavera, revisiones de riego y aireación de otoño: qué promover y cuándo.',
    category: 'Crecimiento del negocio',
    tags: ['jardineria', 'mercadeo', 'temporadas'],
    points: [
      'Anuncie las limpiezas de primavera a finales del invierno.',
      'Ofrezca revisiones de riego antes de la primera ola de calor.',
      'Use el invierno para vender los contratos del próximo año.',
    ],
  },
  {
    title: 'Planes de control de plagas que los clientes renuevan',
    excerpt: 'Visitas trimestrales, reportes claros y una garantía sencilla mantienen altas las renovaciones.',
    category: 'Crecimiento del negocio',
    tags: ['control-de-plagas', 'planes-de-mantenimiento', 'ingresos-recurrentes'],
    points: [
      'Deje un reporte breve de lo que se trató y lo que se encontró.',
      'Ofrezca retratamientos gratuitos entre visitas.',
      'Envíe la renovación con un resumen de las visitas del año.',
    ],
  },
  {
    title: 'Cómo cotizar contratos de limpieza comercial',
    excerpt: 'Metros cuadrados, frecuencia, baños y suministros: una guía para cotizar limpieza recurrente.',
    category: 'Facturación y pagos',
    tags: ['limpieza', 'precios', 'comercial'],
    points: [
      'Recorra el lugar en persona; los planos no muestran el desorden.',
      'Cotice baños y cocinas por separado de las oficinas abiertas.',
      'Ponga por escrito el costo de los suministros y el ajuste anual.',
    ],
  },
  {
    title: 'Menos citas perdidas con recordatorios automáticos',
    excerpt: 'Un recordatorio el día anterior y una confirmación en la mañana reducen las ausencias a la mitad.',
    category: 'Programación y despacho',
    tags: ['programacion', 'sms', 'comunicacion'],
    points: [
      'Envíe un recordatorio la tarde anterior con una forma fácil de reprogramar.',
      'Pida confirmación por respuesta y llame a quien no conteste.',
      'Mida las ausencias por canal de reserva.',
    ],
  },
  {
    title: 'Inventario de la camioneta sin perder el fin de semana',
    excerpt: 'Una lista de existencias mínimas y una rutina semanal evitan viajes extra al proveedor.',
    category: 'Consejos para técnicos',
    tags: ['inventario', 'operaciones', 'plomeria'],
    points: [
      'Defina una cantidad mínima para las cincuenta piezas más usadas.',
      'Registre las piezas usadas en cada trabajo.',
      'Cuente un estante por semana en lugar de toda la camioneta cada trimestre.',
    ],
  },
  {
    title: 'Aplicaciones móviles para técnicos: lo que importa en campo',
    excerpt:
      'Acceso sin conexión, fotos rápidas y cambios de estado con un toque importan más que las listas de funciones.',
    category: 'Software y herramientas',
    tags: ['aplicacion-movil', 'software', 'notas'],
    points: [
      'La aplicación debe funcionar en sótanos sin señal.',
      'Actualizar el estado debe tomar un solo toque.',
      'El historial del cliente debe estar en la pantalla del trabajo.',
    ],
  },
  {
    title: 'Conectar su software de servicio con la contabilidad',
    excerpt: 'Sincronizar facturas y pagos termina con la doble captura y las sorpresas de fin de mes.',
    category: 'Software y herramientas',
    tags: ['software', 'contabilidad', 'facturacion'],
    points: [
      'Decida qué sistema es dueño de los clientes y cuál del catálogo de cuentas.',
      'Sincronice las facturas pagadas a diario y revise solo las excepciones.',
      'Asigne cada tipo de servicio a una cuenta de ingresos antes de la primera sincronización.',
    ],
  },
  {
    title: 'Cambio de calentador de agua paso a paso',
    excerpt: 'Desde la primera llamada hasta el retiro del equipo viejo, los pasos que mantienen el trabajo a tiempo.',
    category: 'Consejos para técnicos',
    tags: ['plomeria', 'calentador-de-agua', 'instalacion'],
    points: [
      'Confirme el tipo de combustible, la ventilación y la capacidad por teléfono.',
      'Revise el código local sobre tanques de expansión y correas sísmicas.',
      'Purgue y pruebe el equipo nuevo antes de que el cliente firme.',
    ],
  },
  {
    title: 'Llamadas de emergencia fuera de horario',
    excerpt: 'Guardias rotativas, preguntas de clasificación y tarifas especiales para lo que no puede esperar.',
    category: 'Programación y despacho',
    tags: ['programacion', 'emergencias', 'precios'],
    points: [
      'Use tres preguntas para distinguir una emergencia real de una visita para mañana.',
      'Rote la guardia cada semana y páguela aunque sea tranquila.',
      'Publique su tarifa fuera de horario.',
    ],
  },
  {
    title: 'Cómo medir la tasa de reparación en la primera visita',
    excerpt: 'El porcentaje de trabajos resueltos en la primera visita dice más de la ganancia que los ingresos.',
    category: 'Crecimiento del negocio',
    tags: ['metricas', 'operaciones', 'capacitacion'],
    points: [
      'Cuente un trabajo como resuelto solo si no hay otra visita en treinta días.',
      'Divida la tasa por técnico y por tipo de trabajo.',
      'La falta de piezas es la causa más común.',
    ],
  },
  {
    title: 'Portales para clientes: reservar y pagar en línea',
    excerpt: 'Las reservas y los pagos en línea reducen las llamadas y atienden al cliente donde ya está.',
    category: 'Experiencia del cliente',
    tags: ['software', 'pagos', 'programacion'],
    points: [
      'Ofrezca reservas en línea primero para servicios de rutina.',
      'Muestre facturas e historial para que no llamen a pedir copias.',
      'Mantenga corta la página de pago: monto, método y confirmar.',
    ],
  },
];

/** Spanish posts that are not public: drafts and posts scheduled for later. */
export const hiddenTopicsEs: DemoTopic[] = [
  {
    title: 'Borrador: precios de bombas de calor para 2027',
    excerpt: 'Reembolsos, costos de equipo y horas de trabajo para cotizar bombas de calor.',
    category: 'Crecimiento del negocio',
    tags: ['hvac', 'precios', 'bombas-de-calor'],
    points: ['Los programas de reembolso cambian cada año.', 'Las horas de trabajo dependen de los ductos.'],
  },
  {
    title: 'Próximamente: campaña de mantenimiento de primavera',
    excerpt: 'Cómo llenar abril de visitas de mantenimiento antes del verano.',
    category: 'Programación y despacho',
    tags: ['hvac', 'mercadeo', 'temporadas'],
    points: ['Agrupe las visitas por zona.', 'Envíe la primera oferta a principios de marzo.'],
  },
  {
    title: 'Próximamente: las nuevas reglas de refrigerantes',
    excerpt: 'Cambios de equipo, capacitación e inventario para la transición de refrigerantes.',
    category: 'Seguridad y cumplimiento',
    tags: ['hvac', 'cumplimiento', 'refrigerantes'],
    points: ['Planee inventario para ambos refrigerantes.', 'Capacite a los técnicos antes de la primera instalación.'],
  },
];

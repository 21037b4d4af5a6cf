import { defineEntity } from '@mikro-orm/core';

/** The label of a NAICS or PSC code, shown by the filter options (table government_classification_codes). */
export const GovernmentClassificationCode = defineEntity({
  name: 'GovernmentClassificationCode',
  tableName: 'government_classification_codes',
  properties: (p) => ({
    kind: p.enum(['naics', 'psc']).columnType('varchar(8)').primary(),
    code: p.string().length(16).primary(),
    label: p.text(),
    description: p.text().nullable(),
  }),
});

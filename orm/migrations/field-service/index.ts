import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261124000100_field_service } from './Migration20261124000100_field_service.ts';
import { Migration20270106000000_invoice_overdue } from './Migration20270106000000_invoice_overdue.ts';
import { Migration20270124000000_visit_length } from './Migration20270124000000_visit_length.ts';
import { Migration20270127000000_visit_assignment_window } from './Migration20270127000000_visit_assignment_window.ts';
import { Migration20270128000000_customer_phone_digits } from './Migration20270128000000_customer_phone_digits.ts';

export const fieldServiceMigrations: MigrationObject[] = [
  { name: 'Migration20261124000100_field_service', class: Migration20261124000100_field_service },
  { name: 'Migration20270106000000_invoice_overdue', class: Migration20270106000000_invoice_overdue },
  { name: 'Migration20270124000000_visit_length', class: Migration20270124000000_visit_length },
  {
    name: 'Migration20270127000000_visit_assignment_window',
    class: Migration20270127000000_visit_assignment_window,
  },
  { name: 'Migration20270128000000_customer_phone_digits', class: Migration20270128000000_customer_phone_digits },
];

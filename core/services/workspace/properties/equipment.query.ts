import type { EntityManager } from '@mikro-orm/postgresql';
import { Equipment } from '../../../../orm/entities/field-service/equipment.ts';
import { runQuery } from '../../sql/query.ts';

interface EquipmentRow {
  id: string;
  equipment_type: string;
  make: string | null;
  model: string | null;
  serial_number: string | null;
  installed_on: string | null;
  warranty_expires_on: string | null;
  notes: string | null;
}

/**
 * Equipment at one property of one business, by type (byte order) then id, resuming strictly after
 * `after`. Dates come back as 'YYYY-MM-DD' text so no driver time zone can shift them.
 */
export function findEquipmentRows(
  em: EntityManager,
  businessId: string,
  propertyId: string,
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<EquipmentRow[]> {
  return runQuery<EquipmentRow>(em, {
    sql: `select e.id, e.equipment_type, e.make, e.model, e.serial_number, e.notes,
            to_char(e.installed_on, 'YYYY-MM-DD') as installed_on, to_char(e.warranty_expires_on, 'YYYY-MM-DD') as warranty_expires_on
          from equipment e
          where e.business_id = ? and e.property_id = ? ${after ? 'and (e.equipment_type collate "C", e.id) > (? collate "C", ?::uuid)' : ''}
          order by e.equipment_type collate "C", e.id
          limit ?`,
    params: [businessId, propertyId, ...(after ?? []), limit],
  });
}

/** How many pieces of equipment one property of one business has. */
export function countEquipment(em: EntityManager, businessId: string, propertyId: string): Promise<number> {
  return em.count(Equipment, { businessId, propertyId });
}

/** `today` is the business's local date: a warranty covers its last day until local midnight. */
export function toEquipment(row: EquipmentRow, today: string) {
  return {
    id: row.id,
    type: row.equipment_type,
    make: row.make,
    model: row.model,
    serial: row.serial_number,
    installed_on: row.installed_on,
    warranty_expires_on: row.warranty_expires_on,
    // ISO dates compare as strings.
    under_warranty: row.warranty_expires_on !== null && row.warranty_expires_on >= today,
    notes: row.notes,
  };
}

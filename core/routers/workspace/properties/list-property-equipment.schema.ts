import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZEquipment } from './property.schema.ts';

export const ZListPropertyEquipmentInput = z.object({
  property_id: ZId.describe('A property id (list-properties, get-customer).'),
  ...ZCursorPageInput,
});

export const ZListPropertyEquipmentOutput = ZCursorPage(ZEquipment);

import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZId } from '../shared/cursor-page.schema.ts';
import { ZEquipment } from './property.schema.ts';

export const ZListPropertyEquipmentInput = z.object({ property_id: ZId, ...ZCursorPageInput });
export const ZListPropertyEquipmentOutput = ZCursorPage(ZEquipment);

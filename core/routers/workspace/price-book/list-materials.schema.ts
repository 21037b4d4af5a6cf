import { z } from 'zod';
import { ZCursorPage } from '../../../domain/workspace/cursor-page.schema.ts';
import { priceBookListFilters } from './list-services.schema.ts';
import { ZMaterial } from './price-book-item.schema.ts';

export const ZListMaterialsInput = z.object(priceBookListFilters);
export const ZListMaterialsOutput = ZCursorPage(ZMaterial);

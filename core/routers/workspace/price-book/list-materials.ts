import { priceBookPage } from '../../../services/workspace/price-book/price-book-page.ts';
import { toMaterial } from '../../../services/workspace/price-book/price-book-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListMaterialsInput, ZListMaterialsOutput } from './list-materials.schema.ts';

export const listMaterials = tenantProcedure
  .meta({
    tool: {
      name: 'list-materials',
      title: 'List price-book materials',
      access: 'read',
      toolset: 'price-book',
      description:
        'The materials the business sells (parts, equipment, consumables) from its price book, with unit, price per unit, what a unit costs the business ' +
        '(unit_cost_minor, internal) and taxability, ordered by category (uncategorised last), name, id. Only active materials unless include_inactive; ' +
        'filter by category (letter case ignored). Use search-price-book to find items by words, list-services for labour; an item id goes into create-job as line_items[].price_book_item_id.',
    },
  })
  .input(ZListMaterialsInput)
  .output(ZListMaterialsOutput)
  .query(({ ctx, input }) => priceBookPage(ctx.em, ctx.businessId, 'material', input, toMaterial));

import { pricebookPage } from '../../../services/workspace/price-book/price-book-page.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListMaterialsInput, ZListMaterialsOutput } from './list-services.schema.ts';

export const listMaterials = tenantProcedure
  .meta({
    tool: {
      name: 'list-materials',
      title: 'List price-book materials',
      access: 'read',
      description:
        'The materials of the price book (parts, equipment, consumables) with price, unit and unit cost, by category and name; active ones unless include_inactive. ' +
        'Put one on a job with create-job (line_items[].price_book_item_id); search-price-book finds items by words.',
    },
  })
  .input(ZListMaterialsInput)
  .output(ZListMaterialsOutput)
  .query(({ ctx, input }) => pricebookPage(ctx.em, ctx.businessId, 'material', input));

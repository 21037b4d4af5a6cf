import { priceBookPage } from '../../../services/workspace/price-book/price-book-page.ts';
import { toPriceBookItem } from '../../../services/workspace/price-book/price-book-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListServicesInput, ZListServicesOutput } from './list-services.schema.ts';

export const listServices = tenantProcedure
  .meta({
    tool: {
      name: 'list-services',
      title: 'List price-book services',
      access: 'read',
      toolset: 'price-book',
      description:
        'The services the business sells (labour, tune-ups, repairs, installations) from its price book, with unit, price per unit in minor units and taxability, ' +
        'ordered by category (uncategorised last), name, id. Only active services unless include_inactive; filter by category (letter case ignored). ' +
        'Use search-price-book to find items by words, list-materials for parts; an item id goes into create-job as line_items[].price_book_item_id.',
    },
  })
  .input(ZListServicesInput)
  .output(ZListServicesOutput)
  .query(({ ctx, input }) => priceBookPage(ctx.em, ctx.businessId, 'service', input, toPriceBookItem));

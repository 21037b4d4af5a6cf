import { pricebookPage } from '../../../services/workspace/price-book/price-book-page.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListServicesInput, ZListServicesOutput } from './list-services.schema.ts';

export const listServices = tenantProcedure
  .meta({
    tool: {
      name: 'list-services',
      title: 'List price-book services',
      access: 'read',
      description:
        'The services of the price book (labour, tune-ups, installations) with their prices, by category and name; active ones unless include_inactive. ' +
        'Put one on a job with create-job (line_items[].price_book_item_id); search-price-book finds items by words.',
    },
  })
  .input(ZListServicesInput)
  .output(ZListServicesOutput)
  .query(({ ctx, input }) => pricebookPage(ctx.em, ctx.businessId, 'service', input));

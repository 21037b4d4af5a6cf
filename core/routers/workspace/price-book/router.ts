import { router } from '../../../trpc.ts';
import { listMaterials } from './list-materials.ts';
import { listServices } from './list-services.ts';
import { searchPriceBook } from './search-price-book.ts';

export const priceBookRouter = router({ searchPriceBook, listServices, listMaterials });

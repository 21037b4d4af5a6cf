import { router } from '../../../trpc.ts';
import { getBusinessProfile } from './get-business-profile.ts';
import { listTags } from './list-tags.ts';
import { listTaxRates } from './list-tax-rates.ts';

export const businessRouter = router({ getBusinessProfile, listTags, listTaxRates });

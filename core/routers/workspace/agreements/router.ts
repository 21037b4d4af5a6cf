import { router } from '../../../trpc.ts';
import { getServiceAgreement } from './get-service-agreement.ts';
import { listServiceAgreements } from './list-service-agreements.ts';

export const agreementsRouter = router({ listServiceAgreements, getServiceAgreement });

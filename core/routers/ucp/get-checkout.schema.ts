import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';

export const ZGetCheckoutInput = z.object({
  id: z.string().min(1).max(200).check(noNul()).describe('The session id (a uuid) from its creation.'),
});

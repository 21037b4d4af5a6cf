import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZCustomer, ZCustomerStatus } from '../../../domain/workspace/customer.schema.ts';
import { ZCreateCustomerInput } from './create-customer.schema.ts';

// The fields and their rules are create-customer's; here each is optional (absent: unchanged) and
// the nullable ones take null to clear them.
export const ZUpdateCustomerInput = ZCreateCustomerInput.omit({ status: true })
  .partial()
  .extend({
    customer_id: ZId.describe('The customer to change (search-customers, list-customers).'),
    name: ZCreateCustomerInput.shape.name.optional(),
    address: ZCreateCustomerInput.shape.address.describe(
      'The whole billing address: lines left out or blank are stored as null; null clears it; absent leaves it.',
    ),
    tags: ZCreateCustomerInput.shape.tags.describe(
      "Replaces the customer's tags (up to 20 names; existing tags reused by name, new ones created); [] removes them all.",
    ),
    status: ZCustomerStatus.optional().describe(
      'Any status may follow any other; a change emits customer.status_changed.',
    ),
  });

export const ZUpdateCustomerOutput = ZCustomer;

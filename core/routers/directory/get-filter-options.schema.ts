import { z } from 'zod';

export const ZGetDirectoryFilterOptionsInput = z.void();

const ZDirectoryFilterOption = z
  .object({
    key: z.string().describe('The value to pass to the filter.'),
    label: z.string().describe('The value for display.'),
    count: z.number().int().describe('Number of published listings with this value.'),
  })
  .meta({ id: 'DirectoryFilterOption' });

const ZDirectoryFilterOptions = z
  .object({
    industries: z.array(ZDirectoryFilterOption).describe('Values of the `industry` filter.'),
    metros: z.array(ZDirectoryFilterOption).describe('Values of the `metro` filter.'),
    postal_codes: z
      .array(ZDirectoryFilterOption)
      .describe('Values of the `zip` / `postal_code` filter: the 200 most common; the label adds the city and state.'),
  })
  .describe('Each list is ordered by count (most listings first), then by key.')
  .meta({ id: 'DirectoryFilterOptions' });

export const ZGetDirectoryFilterOptionsOutput = z.object({ data: ZDirectoryFilterOptions });

import { router } from '../../../trpc.ts';
import { getProperty } from './get-property.ts';
import { listProperties } from './list-properties.ts';
import { listPropertyEquipment } from './list-property-equipment.ts';

export const propertiesRouter = router({ listProperties, getProperty, listPropertyEquipment });

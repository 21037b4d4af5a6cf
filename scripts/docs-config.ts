import { writeFileSync } from 'node:fs';
import { CONFIGURATION_REFERENCE_PATH, renderConfigurationReference } from './docs/configuration-reference.ts';

// npm run docs:config: rewrites the configuration reference after a variable is added or described anew.
writeFileSync(CONFIGURATION_REFERENCE_PATH, renderConfigurationReference());
process.stdout.write(`wrote ${CONFIGURATION_REFERENCE_PATH}\n`);

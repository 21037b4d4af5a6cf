import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { z } from 'zod';
import { ZEnvironment } from '../../core/config.ts';
import {
  CONFIGURATION_REFERENCE_PATH,
  renderConfigurationReference,
} from '../../scripts/docs/configuration-reference.ts';

/**
 * docs/configuration.md is generated from the environment schema; a variable added or described anew
 * without `npm run docs:config` leaves the checked-in file stale, and this is where that shows.
 */
describe('the configuration reference (docs/configuration.md)', () => {
  it('is what `npm run docs:config` renders from the environment schema today', () => {
    const checkedIn = readFileSync(CONFIGURATION_REFERENCE_PATH, 'utf8');
    expect(checkedIn === renderConfigurationReference(), 'docs/configuration.md is stale: run `npm run docs:config`').to
      .be.true;
  });

  it('describes every variable of the schema, each under its own heading with its default and what it accepts', () => {
    const rendered = renderConfigurationReference();
    for (const [name, field] of Object.entries(ZEnvironment.shape)) {
      expect((field as z.ZodType).description, `${name}: .describe()`).to.be.a('string').that.is.not.empty;
      const section = rendered.split(`\n## \`${name}\`\n`)[1]?.split('\n## ')[0];
      expect(section, name).to.be.a('string');
      expect(section, name).to.match(/^\n- Default: .+\n- Allowed: .+\n\n\S/);
    }
  });

  it('renders defaults as they would be written in the environment, and bounds from the schema', () => {
    const rendered = renderConfigurationReference();
    // A transformed default (the schedule parses to milliseconds) is shown in its written form.
    expect(rendered).to.contain('## `WEBHOOK_RETRY_SCHEDULE`\n\n- Default: `0s,5s,5m,30m,2h,5h,10h,10h`');
    expect(rendered).to.contain('## `PORT`\n\n- Default: `3000`\n- Allowed: a whole number from 0 to 65,535');
    expect(rendered).to.contain('## `DATABASE_URL`\n\n- Default: unset');
    expect(rendered).to.contain('## `OAUTH_REDIRECT_HOSTS`\n\n- Default: none');
  });
});

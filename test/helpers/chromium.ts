import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Background services, sync and QUIC would reach Google hosts; none of them belongs in a test.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Debian Chromium with a throwaway profile; close() also removes the profile. */
export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Launches Chromium for a browser test, or skips the suite when there is none locally. In CI a
 * missing browser fails instead: CI must not go green by skipping the browser checks.
 * Call from a mocha `before` hook with its `this`.
 */
export async function launchTestBrowser(hook: Mocha.Context): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM)) {
    const hint = `no Chromium at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH`;
    if (process.env.CI) throw new Error(hint);
    // mocha's skip() takes no reason; say it here so a local run does not pass silently.
    process.stdout.write(`    skipped: ${hint}\n`);
    hook.skip();
  }
  const profile = mkdtempSync(join(tmpdir(), 'fsa-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

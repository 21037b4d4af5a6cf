import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { keyEncryptionKeySource } from '../../core/services/oauth/key-encryption-key.ts';
import { LogSink } from '../helpers/log-sink.ts';
import { freshDataDir } from '../helpers/test-service.ts';

function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  return [];
}

describe('OAuth key configuration', () => {
  describe('OAUTH_KEY_ENCRYPTION_KEY and OAUTH_ACCESS_TOKEN_TTL_SECONDS', () => {
    it('takes the base64 (or base64url) of exactly 32 bytes, and never prints it', () => {
      const key = randomBytes(32);
      for (const value of [key.toString('base64'), key.toString('base64url'), ` ${key.toString('base64')}\n`]) {
        const config = loadConfig({ OAUTH_KEY_ENCRYPTION_KEY: value });
        expect(config.oauthTokens.keyEncryptionKey!.reveal().equals(key)).to.equal(true);
        expect(JSON.stringify(config)).not.to.contain(key.toString('base64').slice(0, 20));
        expect(inspect(config, { depth: 10 })).not.to.contain(key.toString('base64').slice(0, 20));
      }
      expect(loadConfig({}).oauthTokens.keyEncryptionKey).to.equal(undefined);
    });

    it('refuses anything else, naming the variable but not echoing the value', () => {
      for (const value of [
        randomBytes(31).toString('base64'),
        randomBytes(33).toString('base64'),
        'not base64 at all!',
        'x'.repeat(44),
        randomBytes(32).toString('hex'),
      ]) {
        const problems = configProblems({ OAUTH_KEY_ENCRYPTION_KEY: value });
        expect(problems, value).to.have.length(1);
        expect(problems[0]).to.match(/^OAUTH_KEY_ENCRYPTION_KEY: /);
        expect(problems[0]).not.to.contain(value);
      }
    });

    it('is required in production with DATABASE_URL, not with the embedded database or in development', () => {
      const server = { DATABASE_URL: 'postgres://db.example/fsa' };
      const problems = configProblems({ ...server, NODE_ENV: 'production' });
      expect(problems).to.have.length(1);
      expect(problems[0]).to.match(/^OAUTH_KEY_ENCRYPTION_KEY: required in production with DATABASE_URL/);
      expect(
        configProblems({
          ...server,
          NODE_ENV: 'production',
          OAUTH_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        }),
      ).to.deep.equal([]);
      expect(configProblems({ NODE_ENV: 'production' })).to.deep.equal([]);
      expect(configProblems({ ...server })).to.deep.equal([]);
    });

    it('keeps a generated key in DATA_DIR/oauth-kek', () => {
      expect(loadConfig({ DATA_DIR: '/srv/fsa' }).oauthTokens.keyEncryptionKeyFile).to.equal('/srv/fsa/oauth-kek');
    });

    it('bounds the access-token lifetime to 60..86400 seconds, 3600 by default', () => {
      expect(loadConfig({}).oauthTokens.accessTokenTtlSeconds).to.equal(3600);
      expect(loadConfig({ OAUTH_ACCESS_TOKEN_TTL_SECONDS: '60' }).oauthTokens.accessTokenTtlSeconds).to.equal(60);
      expect(loadConfig({ OAUTH_ACCESS_TOKEN_TTL_SECONDS: '86400' }).oauthTokens.accessTokenTtlSeconds).to.equal(
        86_400,
      );
      for (const value of ['59', '86401', '0', '-5', '90.5', 'hour']) {
        const problems = configProblems({ OAUTH_ACCESS_TOKEN_TTL_SECONDS: value });
        expect(problems, value).to.have.length(1);
        expect(problems[0]).to.match(/^OAUTH_ACCESS_TOKEN_TTL_SECONDS: /);
      }
    });
  });

  describe('the key-encryption key source', () => {
    const quiet = createLogger('silent');

    it('generates a random key into the file (mode 0600) on first use, and reads it back afterwards', async () => {
      const file = join(freshDataDir(), 'nested', 'oauth-kek');
      const first = await keyEncryptionKeySource({ configured: undefined, file })(quiet);
      expect(first).to.have.length(32);
      expect(statSync(file).mode & 0o777).to.equal(0o600);
      expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).to.equal(true);
      const again = await keyEncryptionKeySource({ configured: undefined, file })(quiet);
      expect(again.equals(first)).to.equal(true);
    });

    it('gives every racing first use the same key', async () => {
      const file = join(freshDataDir(), 'oauth-kek');
      const keys = await Promise.all(
        Array.from({ length: 10 }, () => keyEncryptionKeySource({ configured: undefined, file })(quiet)),
      );
      for (const key of keys) expect(key.equals(keys[0]!)).to.equal(true);
      expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(keys[0]!)).to.equal(true);
    });

    it('uses the configured key without touching any file', async () => {
      const key = randomBytes(32);
      const file = join(freshDataDir(), 'oauth-kek');
      const config = loadConfig({ OAUTH_KEY_ENCRYPTION_KEY: key.toString('base64') });
      expect(
        (await keyEncryptionKeySource({ configured: config.oauthTokens.keyEncryptionKey, file })(quiet)).equals(key),
      ).to.equal(true);
      expect(() => statSync(file)).to.throw();
    });

    it('refuses a damaged key file, naming it, and warns once when the file is a stop-gap', async () => {
      const file = join(freshDataDir(), 'oauth-kek');
      writeFileSync(file, 'garbage\n', { mode: 0o600 });
      let message = '';
      await keyEncryptionKeySource({ configured: undefined, file })(quiet).catch(
        (error: Error) => (message = error.message),
      );
      expect(message).to.contain(file);
      expect(message).to.contain('OAUTH_KEY_ENCRYPTION_KEY');

      const sink = new LogSink();
      const log = createLogger('info', sink);
      const source = keyEncryptionKeySource({
        configured: undefined,
        file: join(freshDataDir(), 'oauth-kek'),
        fileWarning: 'stop-gap in use',
      });
      await Promise.all([source(log), source(log)]);
      await source(log);
      expect(sink.lines.filter((line) => line.msg === 'stop-gap in use')).to.have.length(1);
    });
  });
});

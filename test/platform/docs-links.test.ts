import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { headingAnchors, linkProblem, linkTargets } from '../helpers/markdown-links.ts';

const root = process.cwd();

/** README.md, bench/README.md and every Markdown file under docs/. */
function documentationFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', 'bench/README.md', ...docs.sort()];
}

/** Every link of the documentation stays in the repository (the rule is in test/helpers/markdown-links.ts). */
describe('documentation links', () => {
  it('every link in README.md, docs/ and bench/README.md resolves inside the repository, anchors included', () => {
    const problems: string[] = [];
    let links = 0;
    for (const file of documentationFiles()) {
      for (const target of linkTargets(readFileSync(join(root, file), 'utf8'))) {
        links++;
        const problem = linkProblem(root, file, target);
        if (problem) problems.push(`${file}: ${target}: ${problem}`);
      }
    }
    expect(problems, problems.join('\n')).to.deep.equal([]);
    expect(links, 'the docs link to each other').to.be.greaterThan(20);
  });

  it('names nothing outside a clone: no path into ../shared (the spec and design notes are not in the repository)', () => {
    for (const file of documentationFiles())
      expect(readFileSync(join(root, file), 'utf8'), file).not.to.match(/\.\.\/shared\//);
  });

  it('README.md stays short and leads into docs/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).to.be.at.most(300);
    for (const guide of documentationFiles().filter((file) => file.startsWith('docs/')))
      expect(readme, `README.md links ${guide}`).to.contain(`](${guide})`);
  });

  describe('the rule itself', () => {
    const problem = (target: string) => linkProblem(root, 'README.md', target);

    it('refuses other sites, paths out of the repository, missing files and missing anchors', () => {
      expect(problem('https://trpc.io')).to.match(/outside the repository/);
      expect(problem('http://example.com/x')).to.match(/outside the repository/);
      expect(problem('mailto:someone@example.com')).to.match(/outside the repository/);
      expect(problem('../shared/spec/field-service-api.md')).to.match(/leaves the repository/);
      expect(problem('docs/no-such-guide.md')).to.match(/does not exist/);
      expect(problem('docs/configuration.md#no-such-variable')).to.match(/no heading/);
    });

    it('accepts example loopback URLs, files of the repository and their headings', () => {
      expect(problem('http://localhost:3000/api/docs')).to.equal(undefined);
      expect(problem('http://127.0.0.1:3000/api/health')).to.equal(undefined);
      expect(problem('http://[::1]:3000/api/v1/mcp')).to.equal(undefined);
      expect(problem('package.json')).to.equal(undefined);
      expect(problem('docs/configuration.md#port')).to.equal(undefined);
    });

    it('slugs headings as GitHub does, skips code, and numbers repeats', () => {
      const anchors = headingAnchors(
        '# What `/api/trpc` exposes\n## Claude Desktop (through `mcp-remote`)\n```sh\n# not a heading\n```\n## Notes\n## Notes\n',
      );
      expect([...anchors]).to.deep.equal([
        'what-apitrpc-exposes',
        'claude-desktop-through-mcp-remote',
        'notes',
        'notes-1',
      ]);
      expect(
        linkTargets('see `[a](https://x.example)` and\n```\n[b](https://y.example)\n```\n[c](docs/a2a.md)'),
      ).to.deep.equal(['docs/a2a.md']);
    });
  });
});

import { expect } from 'chai';

/** One sample of the Prometheus text format. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  /** `# TYPE` of each family. */
  types: Map<string, string>;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][\w:]*$/;
// Sticky: each label must start where the last one ended, so the whole text is labels or it fails.
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)",?/y;
const COMMENT = /^# (HELP|TYPE) ([a-zA-Z_:][\w:]*) (.*)$/;

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    expect(match, `labels not readable: ${line}`).to.not.equal(null);
    labels[match![1]!] = match![2]!;
  }
  return labels;
}

/** Parses the text exposition format (version 0.0.4) strictly: every line must be a comment of its grammar or a sample. */
export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped'], line).to.include(comment[3]);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    // name{labels} value: the value after the last space, the labels between the first { and the last }.
    const space = line.lastIndexOf(' ');
    const head = space > 0 ? line.slice(0, space) : '';
    const brace = head.indexOf('{');
    const name = brace === -1 ? head : head.slice(0, brace);
    expect(NAME.test(name), `not a sample line: ${line}`).to.equal(true);
    if (brace !== -1) expect(head.endsWith('}'), `not a sample line: ${line}`).to.equal(true);
    const labels = parseLabels(brace === -1 ? '' : head.slice(brace + 1, -1), line);
    // Prometheus reads values with Go's ParseFloat: NaN and Inf in any case (prom-client writes "Nan"
    // for an event-loop histogram with no sample yet).
    const text = line.slice(space + 1);
    const special = /^([+-]?)inf$/i.exec(text);
    const value = /^nan$/i.test(text) ? NaN : special ? (special[1] === '-' ? -Infinity : Infinity) : Number(text);
    if (!/^nan$/i.test(text)) expect(Number.isNaN(value), line).to.equal(false);
    samples.push({ name, labels, value });
  }
  return { types, samples };
}

/** The samples of one series name whose labels include `labels`. */
export function samplesOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): Sample[] {
  return exposition.samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The sum of the matching samples (0 when none). */
export function valueOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(exposition, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}

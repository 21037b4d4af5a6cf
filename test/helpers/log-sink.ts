import { Writable } from 'node:stream';

/** Collects the service's JSON log lines so tests can assert on what was logged. */
export class LogSink extends Writable {
  readonly lines: Record<string, unknown>[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
      if (process.env.TEST_LOG) process.stdout.write(`${line}\n`);
    }
    callback();
  }

  find(predicate: (line: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
    return this.lines.find(predicate);
  }
}

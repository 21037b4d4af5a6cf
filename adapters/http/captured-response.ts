import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';

/**
 * Stands in for a ServerResponse so a handler that writes to Node's response (trpc-to-openapi's)
 * can run under Koa without Koa losing ownership: status, headers and body are captured, and
 * the real response's "close" is forwarded so an aborted request still aborts the procedure.
 */
export class CapturedResponse extends EventEmitter {
  statusCode = 200;
  readonly headers: Record<string, string> = {};
  body: string | undefined;
  writableEnded = false;
  private readonly finished: Promise<void>;
  private resolveFinished!: () => void;

  constructor(real: ServerResponse) {
    super();
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    real.once('close', () => this.emit('close'));
  }

  setHeader(name: string, value: string | number | readonly string[]): this {
    this.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    return this;
  }

  getHeader(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }

  end(body?: string): this {
    this.body = body;
    this.writableEnded = true;
    this.resolveFinished();
    this.emit('finish');
    return this;
  }

  done(): Promise<void> {
    return this.finished;
  }
}

export function asServerResponse(captured: CapturedResponse): ServerResponse {
  return captured as unknown as ServerResponse;
}

import { pino, type Logger, type LevelWithSilent } from 'pino';
import pretty from 'pino-pretty';

export type { Logger } from 'pino';

/** How log records are written: one JSON object per line, or pino-pretty's readable lines. */
export type LogFormat = 'json' | 'pretty';

/** The format of a process's logs: LOG_FORMAT when set, else readable on a terminal and JSON for anything that collects them. */
export function logFormatFor(
  configured: LogFormat | undefined,
  stream: { isTTY?: boolean } = process.stdout,
): LogFormat {
  return configured ?? (stream.isTTY === true ? 'pretty' : 'json');
}

/**
 * pino-pretty in-process and synchronous (not a transport thread): a record written just before
 * process.exit (a start-up failure, the shutdown line) is on the terminal, not lost in a worker.
 */
function prettyStream(destination: NodeJS.WritableStream): NodeJS.WritableStream {
  return pretty({
    destination,
    sync: true,
    colorize: (destination as { isTTY?: boolean }).isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: false,
  });
}

/**
 * Structured logs on stdout (or `destination`), JSON unless `format` is pretty; secrets that may
 * appear in headers are redacted at the source, whatever the format.
 */
export function createLogger(
  level: LevelWithSilent,
  destination?: NodeJS.WritableStream,
  format: LogFormat = 'json',
): Logger {
  const target = destination ?? process.stdout;
  return pino(
    {
      level,
      base: { service: 'field-service-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    format === 'pretty' ? prettyStream(target) : target,
  );
}

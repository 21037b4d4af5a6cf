import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

/** Structured JSON logs on stdout; secrets that may appear in headers are redacted at the source. */
export function createLogger(level: LevelWithSilent, destination?: NodeJS.WritableStream): Logger {
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
    destination ?? process.stdout,
  );
}

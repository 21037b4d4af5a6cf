import { AppError } from '../../errors/index.ts';

/** A VALIDATION_FAILED that names one input field, shaped like the ones zod input validation produces. */
export function invalidParameter(parameter: string, message: string, code = 'invalid_value'): AppError {
  const path = parameter.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  return new AppError('VALIDATION_FAILED', `Invalid parameter "${parameter}": ${message}`, {
    details: [{ parameter, code, message, path }],
  });
}

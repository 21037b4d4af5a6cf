export { errorCatalogue, type ErrorCode } from './catalogue.ts';
export { ZErrorMessage, errorMessage, type ErrorMessage } from './error-message.ts';
export { AppError, isAppError } from './app-error.ts';
export { classifyError, originalError, validationErrorMessage, type ClassifiedError } from './from-unknown.ts';
export { DATABASE_RETRY_AFTER_SECONDS } from './database-unavailable.ts';

import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '@billbridge/contract';

/**
 * One error handler for every route: an `AppError` travels as itself, a request the transport could
 * not read (bad JSON, too large) becomes invalid-argument, anything else is logged and answered as
 * a bare INTERNAL with no stack trace.
 */
export const toAppError = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status === 413) return new AppError('invalid-argument', 'Request body is too large.');
  if (status === 415) return new AppError('invalid-argument', 'Request body must be JSON.');
  if (status && status >= 400 && status < 500) {
    return new AppError('invalid-argument', fastifyError.message ?? 'Bad request.');
  }
  return new AppError('internal', 'Internal error.');
};

export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'internal' && !(error instanceof AppError)) {
      request.log.error({ err: error }, 'unexpected failure');
    }
    return reply.status(appError.httpStatus).send(appError.toEnvelope());
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new AppError('not-found', `No route ${request.method} ${request.url.split('?')[0]}`);
    return reply.status(404).send(error.toEnvelope());
  });
};

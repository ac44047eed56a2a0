import { uuid } from '../shared/ids.ts';

export type HubSpotErrorBody = {
  status: string;
  message: string;
  correlationId: string;
  category?: string;
  [key: string]: unknown;
};

type ErrorInput = {
  status: string;
  message: string;
  category?: string;
  correlationId?: string;
  [key: string]: unknown;
};

/** A HubSpot API error, answered with HubSpot's `{ status, message, correlationId, category }` body. */
export class HubSpotApiError extends Error {
  readonly statusCode: number;
  readonly body: HubSpotErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: ErrorInput, headers: Record<string, string> = {}) {
    super(body.message);
    this.statusCode = statusCode;
    this.body = {
      ...body,
      status: body.status,
      message: body.message,
      correlationId: body.correlationId ?? uuid(),
    };
    this.headers = headers;
  }
}

export const hubspotError = (
  statusCode: number,
  category: string,
  message: string,
  extra: Record<string, unknown> = {},
): HubSpotApiError => new HubSpotApiError(statusCode, { status: 'error', message, category, ...extra });

export const validationError = (message: string, extra: Record<string, unknown> = {}): HubSpotApiError =>
  hubspotError(400, 'VALIDATION_ERROR', message, extra);

export const notFound = (message = 'resource not found'): HubSpotApiError =>
  hubspotError(404, 'OBJECT_NOT_FOUND', message);

export type PropertyProblem = { name: string; error: string; message: string };

/** HubSpot reports bad property values inside the message as a JSON list. */
export const propertyValuesError = (problems: PropertyProblem[], portalId: number): HubSpotApiError =>
  validationError(
    `Property values were not valid: ${JSON.stringify(
      problems.map((problem) => ({
        isValid: false,
        message: problem.message,
        error: problem.error,
        name: problem.name,
        localizedErrorMessage: problem.message,
        portalId,
      })),
    )}`,
    {
      errors: problems.map((problem) => ({
        message: problem.message,
        code: problem.error,
        context: { propertyName: [problem.name] },
      })),
    },
  );

import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

/** An error in Stripe's shape: `{ error: { type, code?, message, param?, decline_code? } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly type: StripeErrorType,
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  body(requestId: string): Record<string, unknown> {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...this.extra,
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
      },
    };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, { code: 'parameter_invalid_string', param });

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

export const unknownRoute = (method: string, path: string) =>
  new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);

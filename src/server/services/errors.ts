/** A failure the shopper or API client should see: envelope `status` plus a (Chinese) message. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Machine-readable detail for the client, e.g. `{ need_captcha: true }`. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export { LOGIN_REQUIRED } from '../../shared/messages.ts';

export const badRequest = (message: string) => new ServiceError(400, message);

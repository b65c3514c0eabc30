/** Domain errors the services throw; the HTTP filter maps each to its status. The message is shown to the user. */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The base of the domain errors of one HTTP status. */
function withStatus(status: number) {
  return class extends DomainError {
    readonly status = status;
  };
}

export class ValidationError extends withStatus(400) {}
export class UnauthorizedError extends withStatus(401) {}
export class PaymentRequiredError extends withStatus(402) {}
export class ForbiddenError extends withStatus(403) {}
export class NotFoundError extends withStatus(404) {}
export class ConflictError extends withStatus(409) {}
/** What was there is no more (a share link expired, revoked or at its download limit). */
export class GoneError extends withStatus(410) {}
export class PayloadTooLargeError extends withStatus(413) {}
export class UnsupportedMediaTypeError extends withStatus(415) {}
/** The request was understood but its content cannot be processed (a damaged file, for one). */
export class UnprocessableError extends withStatus(422) {}
export class RateLimitedError extends withStatus(429) {
  constructor(
    message: string,
    /** Seconds until another attempt is allowed. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** A service we depend on (the mail server, for one) failed: the same request may work later. */
export class ServiceUnavailableError extends withStatus(503) {}

/** Domain errors the services throw; the HTTP filter maps each to its status. The message is shown to the user. */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly status = 400;
}
export class UnauthorizedError extends DomainError {
  readonly status = 401;
}
export class ForbiddenError extends DomainError {
  readonly status = 403;
}
export class NotFoundError extends DomainError {
  readonly status = 404;
}
export class ConflictError extends DomainError {
  readonly status = 409;
}
export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
}
export class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
}
export class RateLimitedError extends DomainError {
  readonly status = 429;
  constructor(
    message: string,
    /** Seconds until another attempt is allowed. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
export class PaymentRequiredError extends DomainError {
  readonly status = 402;
}
/** A service we depend on (the mail server, for one) failed: the same request may work later. */
export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
}
/** The request was understood but its content cannot be processed (a damaged file, for one). */
export class UnprocessableError extends DomainError {
  readonly status = 422;
}

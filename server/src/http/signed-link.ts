import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { SignedLink } from '../common/download-ticket.service.js';

/** A query value as one string: the first of repeated values, nothing for an absent one. */
function single(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** The signature of a signed download link, from its query string (`expires`, `sig`, `disposition`). */
export const SignedLinkQuery = createParamDecorator((_: unknown, ctx: ExecutionContext): SignedLink => {
  const { query } = ctx.switchToHttp().getRequest<Request>();
  return { expires: single(query.expires), sig: single(query.sig), disposition: single(query.disposition) };
});

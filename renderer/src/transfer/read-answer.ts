import { type Endpoint, type ResponseOf, readApiError } from '@shrinkly/contract';
import { UnexpectedAnswerError } from './transfer-errors';

/**
 * A route's answer as its contract types it: the body read with the route's response schema, or, for an error
 * status, the ApiError the contract client would throw, carrying the server's message.
 */
export async function readAnswer<E extends Endpoint>(endpoint: E, res: Response): Promise<ResponseOf<E>> {
  if (!res.ok) throw await readApiError(res);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new UnexpectedAnswerError('The server answered with something other than JSON');
  }
  const parsed = endpoint.response.safeParse(body);
  if (!parsed.success) throw new UnexpectedAnswerError('The server answered with something unexpected');
  return parsed.data as ResponseOf<E>;
}

import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  Delete,
  type ExecutionContext,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  SetMetadata,
  type Type,
  UseGuards,
} from '@nestjs/common';
import type { Endpoint, EndpointAuth, HttpMethod } from '@shrinkly/contract';
import type { Request } from 'express';
import type { z } from 'zod';
import { AdminAuthGuard, UserAuthGuard } from './auth.guards.js';
import { ZodBodyPipe } from './zod-body.pipe.js';

/** The validated JSON body of a contract endpoint, as `@ValidBody()` gives it. */
export type BodyOf<E extends Endpoint> = E['request'] extends z.ZodType ? z.output<E['request']> : never;
/** The validated query of a contract endpoint, as `@ValidQuery()` gives it. */
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.output<E['query']> : never;

export interface RouteOptions {
  /**
   * The `{param}` that takes the rest of the path, slashes included (express `*param`: the handler gets its
   * segments as an array).
   */
  catchAll?: string;
  /**
   * The route also opens with a signed link instead of the bearer token: no guard runs, and the handler checks the
   * token itself when the request has no signature. Only for `auth: 'user'` endpoints.
   */
  signedLink?: boolean;
}

type Input = 'body' | 'query';

/** What a handler validates, kept on the handler for `@ValidBody()` and `@ValidQuery()`. */
interface RouteValidation {
  body?: ZodBodyPipe<z.ZodType>;
  query?: ZodBodyPipe<z.ZodType>;
}

const VALIDATION = Symbol('contract-route:validation');
const ENDPOINT = Symbol('contract-route:endpoint');
const INPUTS = Symbol('contract-route:inputs');

const METHODS: Record<HttpMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};
const GUARDS: Record<EndpointAuth, Type<CanActivate> | undefined> = {
  none: undefined,
  user: UserAuthGuard,
  admin: AdminAuthGuard,
};

/** The contract's `/api/files/{id}/rename` as the router's `/api/files/:id/rename` (or `*id` for the catch-all). */
export function routerPath(path: string, catchAll?: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === catchAll ? `*${name}` : `:${name}`));
}

/**
 * Mounts a handler as the contract describes the endpoint: its method and full path, its success status, the guard
 * its `auth` asks for ('user' → UserAuthGuard, 'admin' → AdminAuthGuard), and the validation of its JSON body and
 * query, read with `@ValidBody()` and `@ValidQuery()`. Guards run before any validation, so a user route answers
 * 401 before it looks at the body. Multipart and raw routes read their request themselves.
 *
 * A handler must take `@ValidBody()` exactly when its endpoint has a JSON request, and `@ValidQuery()` exactly when
 * it has a query: anything else fails when the controller loads.
 */
export function Route(endpoint: Endpoint, options: RouteOptions = {}): MethodDecorator {
  return (target, key, descriptor) => {
    const where = `${target.constructor.name}.${String(key)} (${endpoint.method} ${endpoint.path})`;
    checkInputs(where, endpoint, inputsOf(target, key));
    if (options.catchAll && !endpoint.path.includes(`{${options.catchAll}}`))
      throw new Error(`${where}: no {${options.catchAll}} in the path`);
    if (options.signedLink && endpoint.auth !== 'user') throw new Error(`${where}: signedLink is for user routes`);
    const validation: RouteValidation = {
      body: endpoint.request ? new ZodBodyPipe(endpoint.request) : undefined,
      query: endpoint.query ? new ZodBodyPipe(endpoint.query) : undefined,
    };
    const guard = options.signedLink ? undefined : GUARDS[endpoint.auth];
    applyDecorators(
      METHODS[endpoint.method](routerPath(endpoint.path, options.catchAll)),
      HttpCode(endpoint.status ?? 200),
      SetMetadata(VALIDATION, validation),
      SetMetadata(ENDPOINT, endpoint),
      ...(guard ? [UseGuards(guard)] : []),
    )(target, key, descriptor);
  };
}

/** The contract endpoint a handler serves, for guards that apply to every route (undefined off the contract). */
export function endpointOf(context: ExecutionContext): Endpoint | undefined {
  return Reflect.getMetadata(ENDPOINT, context.getHandler()) as Endpoint | undefined;
}

function inputsOf(target: object, key: string | symbol): Set<Input> {
  return (Reflect.getOwnMetadata(INPUTS, target, key) as Set<Input> | undefined) ?? new Set();
}

function checkInputs(where: string, endpoint: Endpoint, inputs: Set<Input>): void {
  if (endpoint.request && !inputs.has('body'))
    throw new Error(`${where}: the endpoint takes a JSON body; read it with @ValidBody()`);
  if (!endpoint.request && inputs.has('body')) throw new Error(`${where}: @ValidBody() on an endpoint without a JSON request`);
  if (endpoint.query && !inputs.has('query')) throw new Error(`${where}: the endpoint takes a query; read it with @ValidQuery()`);
  if (!endpoint.query && inputs.has('query')) throw new Error(`${where}: @ValidQuery() on an endpoint without a query`);
}

function validatedParam(input: Input) {
  const decorator = createParamDecorator(
    (_: unknown, ctx: ExecutionContext): unknown => {
      const pipe = (Reflect.getMetadata(VALIDATION, ctx.getHandler()) as RouteValidation | undefined)?.[input];
      if (!pipe) throw new Error(`@Valid${input === 'body' ? 'Body' : 'Query'}() used on a handler without @Route`);
      return pipe.transform(ctx.switchToHttp().getRequest<Request>()[input]);
    },
    [
      (target, key) => {
        if (key !== undefined) Reflect.defineMetadata(INPUTS, inputsOf(target, key).add(input), target, key);
      },
    ],
  );
  return (): ParameterDecorator => decorator();
}

/** The request body, validated by the endpoint's `request` schema (400 with the first problem otherwise). */
export const ValidBody = validatedParam('body');

/** The query string, validated by the endpoint's `query` schema (400 with the first problem otherwise). */
export const ValidQuery = validatedParam('query');

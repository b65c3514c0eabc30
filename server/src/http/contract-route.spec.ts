import 'reflect-metadata';
import { Controller, type INestApplication, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { type Endpoint, endpoints } from '@shrinkly/contract';
import express, { type Request } from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UnauthorizedError } from '../common/errors.js';
import { AdminAuthGuard, CurrentUser, UserAuthGuard } from './auth.guards.js';
import { type BodyOf, type QueryOf, Route, routerPath, ValidBody, ValidQuery } from './contract-route.js';
import { HttpExceptionFilter } from './http-exception.filter.js';
import { RequestAuthenticator } from './request-authenticator.js';
import { ZodBodyPipe } from './zod-body.pipe.js';

const adminOnly: Endpoint = {
  method: 'GET',
  path: '/api/test/admin/{id}',
  params: ['id'],
  summary: '',
  tag: 'test',
  auth: 'admin',
  request: undefined,
  response: z.unknown(),
};

/**
 * Applies a route and its parameter decorators to a method, as the compiler does for `@Route(...) m(@X() a)`
 * (spec files are transformed without legacy decorator support).
 */
function decorate(target: object, key: string, route: MethodDecorator, params: ParameterDecorator[] = []): void {
  for (const [index, param] of params.entries()) param(target, key, index);
  route(target, key, Object.getOwnPropertyDescriptor(target, key) as PropertyDescriptor);
}

class TestController {
  create(user: { id: string }, body: BodyOf<typeof endpoints.createFolder>) {
    return { user: user.id, body };
  }

  list(query: QueryOf<typeof endpoints.listFolders>) {
    return query;
  }

  login(body: BodyOf<typeof endpoints.login>) {
    return body;
  }

  formats(mimeType: string[]) {
    return { mimeType: mimeType.join('/') };
  }

  admin(id: string) {
    return { id };
  }
}
const proto = TestController.prototype;
decorate(proto, 'create', Route(endpoints.createFolder), [CurrentUser(), ValidBody()]);
decorate(proto, 'list', Route(endpoints.listFolders), [ValidQuery()]);
decorate(proto, 'login', Route(endpoints.login), [ValidBody()]);
decorate(proto, 'formats', Route(endpoints.converterFormats, { catchAll: 'mimeType' }), [Param('mimeType')]);
decorate(proto, 'admin', Route(adminOnly), [Param('id')]);
Controller()(TestController);

/** Signs in "Bearer user" as a user and "Bearer admin" as an administrator; anything else is 401. */
const authenticator = {
  async user(req: Request) {
    if (req.headers.authorization !== 'Bearer user') throw new UnauthorizedError('Unauthorized');
    return { id: 'u1' };
  },
  async admin(req: Request) {
    if (req.headers.authorization !== 'Bearer admin') throw new UnauthorizedError('Unauthorized');
    return { id: 'a1' };
  },
};

class TestModule {}
Module({
  controllers: [TestController],
  providers: [{ provide: RequestAuthenticator, useValue: authenticator }, UserAuthGuard, AdminAuthGuard],
})(TestModule);

describe('@Route', () => {
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    const server = express();
    server.use(express.json());
    app = await NestFactory.create(TestModule, new ExpressAdapter(server), { bodyParser: false, logger: false });
    app.useGlobalFilters(new HttpExceptionFilter(pino({ level: 'silent' })));
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
  });
  afterAll(async () => app?.close());

  async function call(method: string, path: string, init: { token?: string; json?: unknown } = {}) {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  it("mounts the endpoint's method and path, with its success status", async () => {
    expect(await call('POST', '/api/folders', { token: 'user', json: { name: ' Work ' } })).toEqual({
      status: 201,
      body: { user: 'u1', body: { name: 'Work' } },
    });
    expect((await call('POST', '/api/auth/login', { json: { email: 'A@B.CO', password: 'x' } })).status).toBe(200);
  });

  it('guards user and admin routes before it reads the body', async () => {
    expect(await call('POST', '/api/folders', { json: { name: 7 } })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect((await call('POST', '/api/folders', { token: 'admin', json: {} })).status).toBe(401);
    expect(await call('GET', '/api/test/admin/9', { token: 'admin' })).toEqual({ status: 200, body: { id: '9' } });
    expect((await call('GET', '/api/test/admin/9', { token: 'user' })).status).toBe(401);
  });

  it('answers 400 with the message ZodBodyPipe gives for the first problem of the body or query', async () => {
    const message = (schema: z.ZodType, value: unknown) => {
      try {
        new ZodBodyPipe(schema).transform(value);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('valid');
    };
    const noName = message(endpoints.createFolder.request, {});
    expect(await call('POST', '/api/folders', { token: 'user', json: {} })).toEqual({ status: 400, body: { message: noName } });
    expect(await call('POST', '/api/folders', { token: 'user' })).toEqual({ status: 400, body: { message: noName } });
    const badParent = message(endpoints.listFolders.query, { parentId: 'nope' });
    expect(await call('GET', '/api/folders?parentId=nope', { token: 'user' })).toEqual({
      status: 400,
      body: { message: badParent },
    });
    expect(await call('GET', '/api/folders', { token: 'user' })).toEqual({ status: 200, body: {} });
  });

  it('lets a catch-all placeholder take the rest of the path', async () => {
    expect((await call('GET', '/api/converter/formats/image/png')).body).toEqual({ mimeType: 'image/png' });
    expect((await call('GET', '/api/converter/formats/image%2Fpng')).body).toEqual({ mimeType: 'image/png' });
  });
});

describe('routerPath', () => {
  it('writes {param} as :param, and the catch-all as *param', () => {
    expect(routerPath('/api/files/{id}/rename')).toBe('/api/files/:id/rename');
    expect(routerPath('/api/converter/formats/{mimeType}', 'mimeType')).toBe('/api/converter/formats/*mimeType');
  });
});

describe('@Route refuses, when the controller loads,', () => {
  class Broken {
    create() {}
    stats() {}
    list() {}
    health() {}
    shared() {}
  }

  it('a JSON endpoint whose handler does not take @ValidBody()', () => {
    expect(() => decorate(Broken.prototype, 'create', Route(endpoints.createFolder))).toThrow(
      'Broken.create (POST /api/folders): the endpoint takes a JSON body; read it with @ValidBody()',
    );
  });

  it('@ValidBody() or @ValidQuery() where the endpoint has no such input', () => {
    expect(() => decorate(Broken.prototype, 'stats', Route(endpoints.stats), [ValidBody()])).toThrow(
      '@ValidBody() on an endpoint without a JSON request',
    );
    expect(() => decorate(Broken.prototype, 'list', Route(endpoints.listFolders))).toThrow(
      'the endpoint takes a query; read it with @ValidQuery()',
    );
  });

  it('a catch-all that is not in the path, and a signed link on a route that is not a user route', () => {
    expect(() => decorate(Broken.prototype, 'health', Route(endpoints.health, { catchAll: 'rest' }))).toThrow(
      'no {rest} in the path',
    );
    expect(() => decorate(Broken.prototype, 'shared', Route(endpoints.sharedFile, { signedLink: true }))).toThrow(
      'signedLink is for user routes',
    );
  });
});

import { z } from 'zod';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminResetRequestSchema,
  authResponseSchema,
  forgotPasswordRequestSchema,
  healthResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  userSchema,
} from './auth.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, a signed-in user (user token), or staff (admin token). */
export type EndpointAuth = 'none' | 'user' | 'admin';

/** One API route: the single description the server validates with, the client calls with and the OpenAPI document shows. */
export interface Endpoint<Req extends z.ZodType | undefined = z.ZodType | undefined, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  auth: EndpointAuth;
  /** JSON request body, when the route takes one. */
  request: Req;
  response: Res;
  /** Success status; 200 unless stated. */
  status?: number;
  /** Error statuses the route documents besides 400/500. */
  errors?: number[];
}

function endpoint<Req extends z.ZodType | undefined, Res extends z.ZodType>(e: Endpoint<Req, Res>) {
  return e;
}

export const endpoints = {
  health: endpoint({
    method: 'GET', path: '/api/health', tag: 'system', auth: 'none', request: undefined,
    response: healthResponseSchema, summary: 'Service health: 200 when the database answers',
  }),
  register: endpoint({
    method: 'POST', path: '/api/auth/register', tag: 'auth', auth: 'none', request: registerRequestSchema,
    response: authResponseSchema, status: 201, errors: [409, 429], summary: 'Create an account and sign in',
  }),
  login: endpoint({
    method: 'POST', path: '/api/auth/login', tag: 'auth', auth: 'none', request: loginRequestSchema,
    response: authResponseSchema, errors: [401, 429], summary: 'Sign in with email and password',
  }),
  me: endpoint({
    method: 'GET', path: '/api/auth/me', tag: 'auth', auth: 'user', request: undefined,
    response: userSchema, errors: [401], summary: 'The signed-in user',
  }),
  forgotPassword: endpoint({
    method: 'POST', path: '/api/auth/forgot-password', tag: 'auth', auth: 'none', request: forgotPasswordRequestSchema,
    response: messageResponseSchema, errors: [429],
    summary: 'Email a password reset link (the same answer whether or not the address has an account)',
  }),
  resetPassword: endpoint({
    method: 'POST', path: '/api/auth/reset-password', tag: 'auth', auth: 'none', request: resetPasswordRequestSchema,
    response: resetPasswordResponseSchema, errors: [401, 429],
    summary: 'Set a new password: {token, password} from the emailed link, or {currentPassword, newPassword} with a bearer token',
  }),
  deleteAccount: endpoint({
    method: 'DELETE', path: '/api/auth/delete-account', tag: 'auth', auth: 'user', request: undefined,
    response: messageResponseSchema, errors: [401], summary: 'Delete the signed-in account and everything it owns',
  }),
  adminLogin: endpoint({
    method: 'POST', path: '/api/admin/login', tag: 'admin', auth: 'none', request: adminLoginRequestSchema,
    response: adminLoginResponseSchema, errors: [401, 429], summary: 'Administrator sign-in',
  }),
  adminRequestReset: endpoint({
    method: 'POST', path: '/api/admin/reset-password', tag: 'admin', auth: 'none', request: adminResetRequestSchema,
    response: messageResponseSchema, errors: [429],
    summary: 'Email an administrator a password reset link (the same answer whether or not the address is an administrator)',
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

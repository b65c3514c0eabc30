import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationError } from '../common/errors.js';

/** Validates a request body with a contract schema; the first problem becomes the 400 message. */
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw new ValidationError(describeIssue(result.error.issues[0]));
  }
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${field || 'body'} is required`;
  if (issue.code === 'invalid_type') return `${field || 'body'} must be a ${issue.expected}`;
  if (issue.code === 'invalid_union') {
    // Report the problem of the alternative the body came closest to.
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0];
    return closest?.[0] ? describeIssue(closest[0]) : 'Invalid request';
  }
  return issue.message;
}

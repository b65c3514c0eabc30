import type { Provider } from '@nestjs/common';

/**
 * A provider built by a plain function of other providers: services and repositories are plain classes without
 * Nest decorators, so each module says here what each is built from.
 */
export function factory<T>(
  provide: abstract new (...args: never[]) => T,
  inject: unknown[],
  useFactory: (...args: never[]) => T,
): Provider {
  return { provide, inject: inject as never[], useFactory };
}

import { Inject, type Provider } from '@nestjs/common';

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

/** What stands for a provider of a T: its class (a port's abstract class too), or a symbol of app.tokens.ts. */
export type Token<T> = (abstract new (...args: never[]) => T) | symbol;

/**
 * A provider that is its class built from other providers, one token per constructor parameter in order (a class
 * token is checked against its parameter). Classes that also take settings from the config use `factory`.
 */
export function construct<A extends unknown[], T>(
  provide: new (...args: A) => T,
  inject: NoInfer<{ [K in keyof A]: Token<A[K]> }>,
): Provider {
  return { provide, inject: inject as unknown as never[], useFactory: (...args: A) => new provide(...args) };
}

/** The instance a token provides: a class token's instance; a symbol's type is not known here, so it checks nothing. */
type Provided<T> = T extends abstract new (...args: never[]) => infer I ? I : never;

/**
 * What Nest builds a controller, guard or module from, one token per constructor parameter in order: the list
 * `construct` gives for a service, for the classes Nest builds itself. There is one token per parameter, and a class
 * token is checked against its parameter.
 */
export function BuiltFrom<const Tokens extends readonly Token<unknown>[]>(...tokens: Tokens) {
  return <C extends new (...args: { -readonly [K in keyof Tokens]: Provided<Tokens[K]> }) => unknown>(
    target: C & (Tokens['length'] extends ConstructorParameters<C>['length'] ? unknown : 'one token per parameter'),
  ): void => {
    tokens.forEach((token, index) => {
      Inject(token)(target, undefined, index);
    });
  };
}

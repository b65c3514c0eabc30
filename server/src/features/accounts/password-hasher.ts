import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum cost (19 MiB, 2 iterations, 1 lane). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under isolatedModules */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export class PasswordHasher {
  /** A hash of a random string, verified against when an account does not exist, so both paths take as long. */
  private decoy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    if (!passwordHash) {
      this.decoy ??= this.hash(`decoy-${Math.random()}`);
      await verify(await this.decoy, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }
}

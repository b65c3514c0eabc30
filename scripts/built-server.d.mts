import type { ChildProcess } from 'node:child_process';

export declare const root: string;
export declare function freePort(): Promise<number>;

/** The built server running in a process of its own. */
export interface BuiltServer {
  baseUrl: string;
  dataDir: string;
  pid: number;
  /** true once the process has ended. */
  exited(): boolean;
  /** What the server printed (empty with `inheritOutput`). */
  output(): string;
  /** Stops the process and removes its data folder. */
  stop(): Promise<void>;
}

export interface BuiltServerOptions {
  /** Added to the server's environment (a payment provider and its keys, for instance). */
  env?: Record<string, string>;
  /** The prefix of its temporary data folder. */
  dataDirPrefix?: string;
  /** Print the server's output as it comes rather than keep it. */
  inheritOutput?: boolean;
}

export declare function startBuiltServer(options?: BuiltServerOptions): Promise<BuiltServer>;

/** Runs `server/dist/<entry>` with the embedded database and no mail server, `env` added; `output()`: what it printed. */
export declare function launchBuilt(
  entry: string,
  env: Record<string, string>,
  options?: { inheritOutput?: boolean },
): { child: ChildProcess; output(): string };

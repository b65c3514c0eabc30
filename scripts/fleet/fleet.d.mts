import type { ChildProcess } from 'node:child_process';

export declare const root: string;
export declare function freePort(): Promise<number>;

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}
export declare function createDatabase(serverUrl: string): Promise<TestDatabase>;

export interface S3Server {
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  close(): Promise<void>;
}
export declare function startS3(directory: string, bucket?: string): Promise<S3Server>;

export interface RedisNamespace {
  prefix: string;
  env: Record<string, string>;
  clean(): Promise<void>;
}
export declare function redisNamespace(serverUrl: string): Promise<RedisNamespace>;

export interface FleetProcess {
  role: 'web' | 'worker';
  name: string;
  pid: number;
  child: ChildProcess;
  /** The web process's address; undefined for a worker. */
  url: string | undefined;
  dataDir: string;
  exited: Promise<number | string | null>;
  output(): string;
  lines(): Array<{ msg?: string; [key: string]: unknown }>;
  kill(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export interface Fleet {
  webs: FleetProcess[];
  workers: FleetProcess[];
  addWorker(env?: Record<string, string>): Promise<FleetProcess>;
  stop(): Promise<void>;
}

export declare function startFleet(options: {
  webs: number;
  workers: number;
  env: Record<string, string>;
  workerEnv?: Record<string, string>;
  logLevel?: string;
}): Promise<Fleet>;

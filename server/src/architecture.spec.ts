import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of STYLE.md that imports can break, checked by reading import statements:
 * - services, repositories, job handlers, finishers and everything in server/src/jobs know nothing of HTTP
 *   (nothing from server/src/http/, express or @nestjs/platform-express), so the worker runs them without a web part;
 * - outside packages/engine, the engine is used through its package entry `@shrinkly/engine` only;
 * - inside the engine, a family (src/families/<name>/) uses its own folder, the shared tools and quality measures and
 *   the engine's definitions only: never the engine's entry points, the registry or another family. Files inside files
 *   (archive members, pictures in documents) go through the engine handed over in the call's context;
 * - the converters (src/convert/) use no family's files either: what a converter and a family both need (the office
 *   driver, image decoding, media probing) lives in the shared tools;
 * - a feature (server/src/features/<name>/) imports another only along the one-way edges of FEATURE_DEPENDENCIES, and
 *   HTTP (server/src/http/) imports no feature: read models both sides need live in server/src/read-models/, and a
 *   feature that must act on another's records registers with it (as account deletion does) instead of importing it.
 */

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'test-results']);

interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  text: string;
}

const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\b[^;'"`]*?\bfrom\s*['"]([^'"]+)['"]/gm, // import x from '…', export { x } from '…'
  /^\s*import\s*['"]([^'"]+)['"]/gm, // import '…'
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…')
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g, // require('…')
];

/** Every module a file names in an import, export-from, dynamic import or require. */
function importsOf(text: string): string[] {
  return IMPORT_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1] as string));
}

/** Where a relative specifier points, from the repository root; a package name stays as it is. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

const isTest = (file: string) => /\.(spec|int-spec|e2e)\.[cm]?[jt]sx?$/.test(file);

/** Files that hold rules or job steps: they must not depend on HTTP. */
function mustNotKnowHttp(file: string): boolean {
  if (!file.startsWith('server/src/') || isTest(file)) return false;
  return /\.(service|repository|job|finisher)\.ts$/.test(file) || file.startsWith('server/src/jobs/');
}

function isHttp(to: string): boolean {
  return to === 'server/src/http' || to.startsWith('server/src/http/') || /^(express|@nestjs\/platform-express)(\/|$)/.test(to);
}

function isEngineInternal(to: string): boolean {
  return to.startsWith('@shrinkly/engine/') || to === 'packages/engine' || to.startsWith('packages/engine/');
}

const ENGINE_SRC = 'packages/engine/src/';
/** What a family may use besides its own folder. */
const FAMILY_MAY_USE = ['tools/', 'quality/', 'process/', 'types', 'errors', 'detect', 'budget', 'cpu-budget'];

/** A family's own (non-test) file importing engine code outside its folder and the shared parts. */
function familyOverreach(file: string, to: string): boolean {
  const family = /^packages\/engine\/src\/families\/([^/]+)\//.exec(file)?.[1];
  if (!family || isTest(file) || file.includes('.test-support.') || !to.startsWith(ENGINE_SRC)) return false;
  const within = to.slice(ENGINE_SRC.length);
  if (within.startsWith(`families/${family}/`)) return false;
  return !FAMILY_MAY_USE.some((allowed) =>
    allowed.endsWith('/') ? within.startsWith(allowed) : within.replace(/\.js$/, '') === allowed,
  );
}

/** A converter's own (non-test) file importing a family's files. */
function convertOverreach(file: string, to: string): boolean {
  if (!file.startsWith(`${ENGINE_SRC}convert/`) || isTest(file) || file.includes('.test-support.')) return false;
  return to.startsWith(`${ENGINE_SRC}families/`);
}

/**
 * Which features each feature may import: every edge points one way (the test below also checks there is no cycle).
 * A new edge belongs here only with a reason; most needs are met by a read model or a registration instead.
 */
export const FEATURE_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  accounts: [],
  // The admin panel reads and manages accounts and their API keys.
  admin: ['accounts', 'api-keys'],
  // Keys sign in as their account.
  'api-keys': ['accounts'],
  // Payments know whose they are.
  billing: ['accounts'],
  // The landing page's compression: the optional signed-in user, pay-per-file checkout, chunked uploads.
  compression: ['accounts', 'billing', 'uploads'],
  // The converter: a signed-in caller's conversions are watched for webhooks.
  converter: ['accounts', 'uploads'],
  // My Files: its uploads are compressed by compression's jobs and filed in folders.
  files: ['accounts', 'compression', 'folders', 'uploads'],
  folders: ['accounts'],
  // The sweeper runs the tasks features register with SweepTasks (common/sweep-tasks.ts): it imports none of them.
  maintenance: [],
  // A plan bills through billing and keeps an account's files when it lapses.
  plans: ['accounts', 'billing', 'files'],
  // The service's figures count every finished compression, by a listener on compression's job handler.
  'service-stats': ['compression'],
  sharing: ['accounts', 'files'],
  system: [],
  uploads: [],
  // Webhooks listen to the ends of compression and conversion jobs, for the accounts that own them.
  webhooks: ['accounts', 'compression', 'converter'],
};

const FEATURE = /^server\/src\/features\/([^/]+)\//;

/** A feature's or HTTP's own (non-test) file importing a feature it may not depend on. */
function featureOverreach(file: string, to: string): string | undefined {
  if (isTest(file)) return undefined;
  const toFeature = FEATURE.exec(`${to}/`)?.[1];
  if (!toFeature) return undefined;
  if (file.startsWith('server/src/http/')) return 'HTTP names no feature (guards ask the RequestAuthenticator port)';
  const fromFeature = FEATURE.exec(file)?.[1];
  if (!fromFeature || fromFeature === toFeature) return undefined;
  if (FEATURE_DEPENDENCIES[fromFeature]?.includes(toFeature)) return undefined;
  return `features depend one way: ${fromFeature} may import ${FEATURE_DEPENDENCIES[fromFeature]?.join(', ') || 'no feature'} (FEATURE_DEPENDENCIES)`;
}

/** Each import that breaks a rule, as "file imports 'specifier': why". */
function violations(files: SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const insideEngine = file.path.startsWith('packages/engine/');
    for (const specifier of importsOf(file.text)) {
      const to = target(file.path, specifier);
      if (mustNotKnowHttp(file.path) && isHttp(to))
        found.push(`${file.path} imports '${specifier}': services, repositories and jobs know nothing of HTTP`);
      if (!insideEngine && isEngineInternal(to))
        found.push(`${file.path} imports '${specifier}': use the engine through '@shrinkly/engine' only`);
      const overreach = featureOverreach(file.path, to);
      if (overreach) found.push(`${file.path} imports '${specifier}': ${overreach}`);
      if (familyOverreach(file.path, to))
        found.push(
          `${file.path} imports '${specifier}': a family uses tools/, quality/ and the engine's definitions, and reaches the engine through its context`,
        );
      if (convertOverreach(file.path, to))
        found.push(`${file.path} imports '${specifier}': the converters share code with the families through tools/ only`);
    }
  }
  return found;
}

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(rel);
    return entry.isFile() && SOURCE.test(entry.name) ? [{ path: rel, text: readFileSync(path.join(root, rel), 'utf8') }] : [];
  });
}

/** A cycle among the allowed feature edges, as "a → b → a", or undefined. */
function featureCycle(edges: Readonly<Record<string, readonly string[]>>): string | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (node: string, trail: string[]): string | undefined => {
    if (state.get(node) === 'visiting') return [...trail.slice(trail.indexOf(node)), node].join(' → ');
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'visiting');
    for (const next of edges[node] ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return undefined;
  };
  for (const node of Object.keys(edges)) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('dependency rules', () => {
  it('hold in the repository', () => {
    const files = sourceFiles('');
    // The walk found the code it is meant to check.
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['server/src/features/files/file-library.service.ts', 'server/src/jobs/job-runner.ts']),
    );
    expect(violations(files)).toEqual([]);
  });

  it('let features depend one way only, and name every feature folder', () => {
    expect(featureCycle(FEATURE_DEPENDENCIES)).toBeUndefined();
    expect(featureCycle({ ...FEATURE_DEPENDENCIES, accounts: ['plans'] })).toBe('accounts → plans → accounts');
    const folders = readdirSync(path.join(root, 'server/src/features'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.map((f) => f.name).sort()).toEqual(Object.keys(FEATURE_DEPENDENCIES).sort());
  });

  it('catch a feature importing one it may not depend on, and HTTP importing a feature', () => {
    const files: SourceFile[] = [
      { path: 'server/src/features/accounts/account.service.ts', text: "import { planOf } from '../plans/plan-access.js';" },
      { path: 'server/src/http/contract-route.ts', text: "import { UserAuthGuard } from '../features/accounts/auth.guards.js';" },
      // Allowed: along an edge, within a feature, shared read models, and tests.
      {
        path: 'server/src/features/plans/plans.module.ts',
        text: "import { UserRepository } from '../accounts/user.repository.js';",
      },
      { path: 'server/src/features/plans/plan.service.ts', text: "import { rule } from './plan-lifecycle.js';" },
      {
        path: 'server/src/features/accounts/account.service.ts',
        text: "import { toUserView } from '../../read-models/user-view.js';",
      },
      { path: 'server/src/features/accounts/account.spec.ts', text: "import { planOf } from '../plans/plan-of.js';" },
    ];
    expect(violations(files)).toEqual([
      "server/src/features/accounts/account.service.ts imports '../plans/plan-access.js': features depend one way: accounts may import no feature (FEATURE_DEPENDENCIES)",
      "server/src/http/contract-route.ts imports '../features/accounts/auth.guards.js': HTTP names no feature (guards ask the RequestAuthenticator port)",
    ]);
  });

  it('catch a service that imports HTTP, an engine internal imported from outside the engine, and a family or converter reaching past its context', () => {
    const files: SourceFile[] = [
      {
        path: 'server/src/features/files/file-library.service.ts',
        text: "import { clientIp } from '../../http/client-ip.js';\nimport type { Request } from 'express';",
      },
      { path: 'server/src/jobs/job-runner.ts', text: "import {\n  ExpressAdapter,\n} from '@nestjs/platform-express';" },
      { path: 'server/src/features/files/file.repository.ts', text: "const x = await import('../../http/send-blob.js');" },
      { path: 'renderer/src/x.ts', text: "export { run } from '@shrinkly/engine/src/registry.js';" },
      {
        path: 'scripts/bench.mjs',
        text: "import '../packages/engine/src/index.ts';\nconst y = require('../packages/engine/dist/registry.js');",
      },
      // Allowed: controllers use HTTP, everyone may use the package entry, the engine its own files.
      {
        path: 'server/src/features/files/files.controller.ts',
        text: "import type { Request } from 'express';\nimport { sendBlob } from '../../http/send-blob.js';",
      },
      {
        path: 'server/src/features/files/file-upload.service.ts',
        text: "import { probeTools } from '@shrinkly/engine';\n// not an import: from 'express'",
      },
      { path: 'packages/engine/src/index.ts', text: "export * from './registry.js';" },
      {
        path: 'packages/engine/src/families/archive/members.ts',
        text: "import { FAMILIES } from '../index.js';\nconst { compress } = await import('../../compress.js');",
      },
      { path: 'packages/engine/src/families/office/images.ts', text: "import { encodeJpeg } from '../image/formats/lossy.js';" },
      {
        path: 'packages/engine/src/convert/image-decode.ts',
        text: "import { decodeBmp } from '../families/image/formats/bmp.js';\nimport { placeAs } from '../families/office/libreoffice.js';",
      },
      // Allowed: a family's own folder, the shared tools, quality and definitions; tests may use the engine.
      {
        path: 'packages/engine/src/families/video/encode.ts',
        text: "import { ffmpeg } from '../../tools/media/ffmpeg.js';\nimport { pixelSsim } from '../../quality/pixel-ssim.js';\nimport type { CompressContext } from '../../types.js';\nimport { plan } from './plan.js';",
      },
      { path: 'packages/engine/src/families/video/video.int-spec.ts', text: "import { compress } from '../../compress.js';" },
      // Allowed: a converter's own folder and the shared tools; its tests may use a family's test support.
      {
        path: 'packages/engine/src/convert/document.converter.ts',
        text: "import { placeAs } from '../tools/office/soffice.js';\nimport type { ConvertContext } from './types.js';",
      },
      {
        path: 'packages/engine/src/convert/image.converter.int-spec.ts',
        text: "import { writePngBomb } from '../families/image/image.test-support.js';",
      },
    ];
    expect(violations(files)).toEqual([
      "server/src/features/files/file-library.service.ts imports '../../http/client-ip.js': services, repositories and jobs know nothing of HTTP",
      "server/src/features/files/file-library.service.ts imports 'express': services, repositories and jobs know nothing of HTTP",
      "server/src/jobs/job-runner.ts imports '@nestjs/platform-express': services, repositories and jobs know nothing of HTTP",
      "server/src/features/files/file.repository.ts imports '../../http/send-blob.js': services, repositories and jobs know nothing of HTTP",
      "renderer/src/x.ts imports '@shrinkly/engine/src/registry.js': use the engine through '@shrinkly/engine' only",
      "scripts/bench.mjs imports '../packages/engine/src/index.ts': use the engine through '@shrinkly/engine' only",
      "scripts/bench.mjs imports '../packages/engine/dist/registry.js': use the engine through '@shrinkly/engine' only",
      "packages/engine/src/families/archive/members.ts imports '../index.js': a family uses tools/, quality/ and the engine's definitions, and reaches the engine through its context",
      "packages/engine/src/families/archive/members.ts imports '../../compress.js': a family uses tools/, quality/ and the engine's definitions, and reaches the engine through its context",
      "packages/engine/src/families/office/images.ts imports '../image/formats/lossy.js': a family uses tools/, quality/ and the engine's definitions, and reaches the engine through its context",
      "packages/engine/src/convert/image-decode.ts imports '../families/image/formats/bmp.js': the converters share code with the families through tools/ only",
      "packages/engine/src/convert/image-decode.ts imports '../families/office/libreoffice.js': the converters share code with the families through tools/ only",
    ]);
  });
});

import { ESLint } from 'eslint';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js (README.md "Architecture"), broken on purpose: a file
// of a guarded folder (a name no real file has) that imports across its boundary is an error of
// the rule, and the same file importing what it may is not. Type-aware rules are off: these texts
// are not in any tsconfig, and the boundaries read only the import's path.

const RULE = '@typescript-eslint/no-restricted-imports';
const eslint = new ESLint({
  cwd: join(__dirname, '..', '..'),
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
});

/** The boundary messages ESLint gives `text` as the file at `filePath`. */
async function boundaryErrors(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE && m.severity === 2).map((m) => m.message);
}

describe('import boundaries', () => {
  const broken: [string, string, string, RegExp][] = [
    [
      'shared never imports worker/',
      'shared/boundary-probe.ts',
      "import { ApiError } from '../worker/lib/errors';",
      /never worker/,
    ],
    [
      'shared never imports app/',
      'shared/boundary-probe.ts',
      "import { api } from '../app/lib/api';",
      /never import app/,
    ],
    ['worker never imports app/', 'worker/lib/boundary-probe.ts', "import { api } from '../../app/lib/api';", /app/],
    [
      'services never import routes',
      'worker/services/uploads/boundary-probe.ts',
      "import { uploadRoutes } from '../../routes/uploads';",
      /never import routes/,
    ],
    [
      'the engine never imports services',
      'engine/boundary-probe.ts',
      "import { makeDeps } from '../worker/services/deps';",
      /engine/,
    ],
    [
      'the engine never imports services, from a codec folder',
      'engine/codecs/jpeg/boundary-probe.ts',
      "import { makeDeps } from '../../../worker/services/deps';",
      /engine/,
    ],
    [
      'the engine never imports routes',
      'engine/boundary-probe.ts',
      "import { dev } from '../worker/routes/dev';",
      /engine/,
    ],
    [
      'the engine never imports db',
      'engine/boundary-probe.ts',
      "import { uploads } from '../worker/db/schema';",
      /engine/,
    ],
    [
      'the engine never imports middleware',
      'engine/boundary-probe.ts',
      "import { session } from '../worker/middleware/session';",
      /engine/,
    ],
    ['the engine never imports app/', 'engine/boundary-probe.ts', "import { api } from '../app/lib/api';", /app/],
    [
      'the engine never imports worker/lib',
      'engine/boundary-probe.ts',
      "import { ApiError } from '../worker/lib/errors';",
      /engine/,
    ],
    [
      'the engine never imports shared/',
      'engine/input/boundary-probe.ts',
      "import { findFormat } from '../../shared/formats';",
      /engine/,
    ],
    [
      "the engine's tests never import worker/",
      'engine/test/boundary-probe.ts',
      "import { makeDeps } from '../../worker/services/deps';",
      /engine's tests/,
    ],
    [
      'the worker never imports the engine by path',
      'worker/services/uploads/boundary-probe.ts',
      "import { inspectImage } from '../../../engine';",
      /package name/,
    ],
    [
      'shared never imports the engine by path',
      'shared/boundary-probe.ts',
      "import { safeRect } from '../engine/plan/crop';",
      /package name/,
    ],
    [
      'the tests never import the engine by path',
      'test/worker/boundary-probe.ts',
      "import { inspectImage } from '../../engine/index';",
      /package name/,
    ],
    [
      'a file at the root never imports the engine by path',
      'boundary-probe.ts',
      "import { inspectImage } from './engine/index';",
      /package name/,
    ],
    [
      'the bench never imports the engine by path',
      'bench/boundary-probe.ts',
      "import { decodeJpeg } from '../engine/codecs/jpeg/decode';",
      /package name/,
    ],
    [
      'routes take only db types',
      'worker/routes/boundary-probe.ts',
      "import { uploads } from '../db/schema';",
      /only db types/,
    ],
    [
      'app never imports worker/ services',
      'app/lib/boundary-probe.ts',
      "import { makeDeps } from '../../worker/services/deps';",
      /app\/ never imports worker/,
    ],
    [
      "app never imports the engine's other parts",
      'app/features/tool-kit/quality-preview/boundary-probe.ts',
      "import { decodeJpeg } from '@social-resizer/engine/codecs/jpeg/decode';",
      /browser-safe/,
    ],
    [
      "app never imports the engine's face (worker-only)",
      'app/lib/boundary-probe.ts',
      "import { inspectImage } from '@social-resizer/engine';",
      /browser-safe/,
    ],
    [
      "shared never imports the engine's worker-only parts",
      'shared/boundary-probe.ts',
      "import { admitImage } from '@social-resizer/engine';",
      /browser-safe/,
    ],
    [
      'app never imports the engine by path',
      'app/features/tool-kit/quality-preview/boundary-probe.ts',
      "import { encodeJpeg } from '../../../../engine/codecs/jpeg/encode';",
      /package name/,
    ],
    [
      'adjusters never import single-image/',
      'app/features/adjusters/boundary-probe.tsx',
      "import { cropBox } from '../single-image/rules';",
      /another tool/,
    ],
    [
      'adjusters never import batch/',
      'app/features/adjusters/boundary-probe.tsx',
      "import { BatchPitch } from '../batch/batch-pitch';",
      /another tool/,
    ],
    [
      'single-image never imports adjusters/',
      'app/features/single-image/boundary-probe.tsx',
      "import { BANNER_FLOW } from '../adjusters/flows';",
      /another tool/,
    ],
    [
      'batch never imports single-image/',
      'app/features/batch/boundary-probe.tsx',
      "import { SINGLE_STEPS } from '../single-image/steps';",
      /another tool/,
    ],
    [
      'a tool never imports worker/ either',
      'app/features/batch/boundary-probe.tsx',
      "import { makeDeps } from '../../../worker/services/deps';",
      /app\/ never imports worker/,
    ],
  ];

  it.each(broken)('%s', async (_name, filePath, line, message) => {
    const errors = await boundaryErrors(filePath, line);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  const allowed: [string, string, string][] = [
    ['shared imports shared', 'shared/boundary-probe.ts', "import { findFormat } from './formats';"],
    [
      'routes import services',
      'worker/routes/boundary-probe.ts',
      "import { storeUpload } from '../services/uploads/uploads';",
    ],
    ['routes import db types', 'worker/routes/boundary-probe.ts', "import type { User } from '../db/schema';"],
    ['services import services', 'worker/services/uploads/boundary-probe.ts', "import { previewPath } from './paths';"],
    [
      'services import the engine',
      'worker/services/uploads/boundary-probe.ts',
      "import { inspectImage } from '@social-resizer/engine';",
    ],
    [
      "the worker imports the engine's memory seam",
      'worker/lib/boundary-probe.ts',
      "import { MemoryBusy } from '@social-resizer/engine/memory';",
    ],
    ['the engine imports itself', 'engine/input/boundary-probe.ts', "import { ImageError } from '../errors';"],
    [
      'the engine tests read the catalogue',
      'engine/test/boundary-probe.ts',
      "import { PLATFORM_FORMATS } from '../../shared/formats';",
    ],
    [
      "shared imports the engine's planning vocabulary",
      'shared/boundary-probe.ts',
      "import { headBox } from '@social-resizer/engine/plan/detection';",
    ],
    [
      "app imports the engine's planning vocabulary",
      'app/features/tool-kit/boundary-probe.ts',
      "import { safeRect } from '@social-resizer/engine/plan/crop';",
    ],
    [
      "app imports the engine's JPEG encoder",
      'app/features/tool-kit/quality-preview/boundary-probe.ts',
      "import { encodeJpeg } from '@social-resizer/engine/codecs/jpeg/encode';",
    ],
    [
      "app imports the engine's WebP encoder",
      'app/features/tool-kit/quality-preview/boundary-probe.ts',
      "import { encodeWebp } from '@social-resizer/engine/codecs/webp/encode';",
    ],
    [
      "app imports the JPEG encoder's WebAssembly",
      'app/features/tool-kit/quality-preview/boundary-probe.ts',
      "import wasm from '@social-resizer/engine/codecs/jpeg/codec/jpeg_enc.wasm?url';",
    ],
    [
      'a tool imports tool-kit/',
      'app/features/adjusters/boundary-probe.tsx',
      "import { pictureArea } from '../tool-kit/crop-area';",
    ],
    [
      'a tool imports its own folder',
      'app/features/single-image/boundary-probe.tsx',
      "import { cropBox } from './rules';",
    ],
    [
      'other features import a tool',
      'app/features/home/boundary-probe.tsx',
      "import { BANNER_FLOW } from '../adjusters/flows';",
    ],
  ];

  it.each(allowed)('%s', async (_name, filePath, line) => {
    expect(await boundaryErrors(filePath, line)).toEqual([]);
  });
});

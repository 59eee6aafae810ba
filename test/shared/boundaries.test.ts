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
      "import { log } from '../worker/lib/log';",
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
      'worker/services/pictures/boundary-probe.ts',
      "import { uploadRoutes } from '../../routes/uploads';",
      /never import routes/,
    ],
    [
      'the engine never imports services',
      'worker/imaging/boundary-probe.ts',
      "import { makeDeps } from '../services/deps';",
      /engine/,
    ],
    [
      'the engine never imports services, from a codec folder',
      'worker/imaging/jpeg/boundary-probe.ts',
      "import { makeDeps } from '../../services/deps';",
      /engine/,
    ],
    [
      'the engine never imports routes',
      'worker/imaging/boundary-probe.ts',
      "import { dev } from '../routes/dev';",
      /engine/,
    ],
    [
      'the engine never imports db',
      'worker/imaging/boundary-probe.ts',
      "import { uploads } from '../db/schema';",
      /engine/,
    ],
    [
      'the engine never imports middleware',
      'worker/imaging/boundary-probe.ts',
      "import { session } from '../middleware/session';",
      /engine/,
    ],
    [
      'the engine never imports app/',
      'worker/imaging/boundary-probe.ts',
      "import { api } from '../../app/lib/api';",
      /app/,
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
      "import { decodeJpeg } from '../../../../worker/imaging/jpeg/decode';",
      /app\/ never imports worker/,
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
      "import { storeUpload } from '../services/pictures/uploads';",
    ],
    ['routes import db types', 'worker/routes/boundary-probe.ts', "import type { User } from '../db/schema';"],
    [
      'services import services',
      'worker/services/pictures/boundary-probe.ts',
      "import { previewPath } from './paths';",
    ],
    [
      'services import the engine',
      'worker/services/pictures/boundary-probe.ts',
      "import { inspectImage } from '../../imaging';",
    ],
    ['the engine imports worker/lib', 'worker/imaging/boundary-probe.ts', "import { log } from '../lib/log';"],
    [
      'the engine imports shared/',
      'worker/imaging/boundary-probe.ts',
      "import { headBox } from '../../shared/detection';",
    ],
    [
      "app imports the engine's JPEG encoder",
      'app/features/tool-kit/quality-preview/boundary-probe.ts',
      "import { encodeJpeg } from '../../../../worker/imaging/jpeg/encode';",
    ],
    [
      "app imports the engine's WebP encoder",
      'app/features/tool-kit/quality-preview/boundary-probe.ts',
      "import { encodeWebp } from '../../../../worker/imaging/webp/encode';",
    ],
    [
      "app imports the JPEG encoder's WebAssembly",
      'app/features/tool-kit/quality-preview/boundary-probe.ts',
      "import wasm from '../../../../worker/imaging/jpeg/codec/jpeg_enc.wasm?url';",
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

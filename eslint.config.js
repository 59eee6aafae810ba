// Lint rules the code must meet (run by `npm test` through `npm run lint`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The boundaries the build holds (README.md "Architecture"; test/shared/boundaries.test.ts breaks
// each one). Imports are relative, so each pattern reads the path as written: `../` as many times as
// it takes to leave the folder, then the folder it must not reach; the engine alone is imported by
// its package name, and those patterns read the name.
const UP = String.raw`^(\.\./)+`;
const NO_APP = {
  regex: `${UP}app(/|$)`,
  message: 'worker/ and shared/ never import app/: the React app imports them, not the other way.',
};
const NO_WORKER = {
  regex: `${UP}worker(/|$)`,
  message: 'shared/ is imported by both sides and imports neither: never worker/.',
};
const NO_ROUTES = {
  regex: `${UP}routes(/|$)`,
  message: 'Services never import routes: a route calls a service, not the other way.',
};
const DB_TYPES_ONLY = {
  regex: `${UP}db(/|$)`,
  allowTypeImports: true,
  message: "Routes take only db types (import type); queries are a service's.",
};
// The image engine (engine/, the package @social-resizer/engine) is the bottom layer: it imports
// nothing of worker/, app/ or shared/ (they import it). Its tests may read the catalogue (shared/)
// as data, never worker/ or app/.
const ENGINE_ALONE = {
  regex: `${UP}(worker|app|shared)(/|$)`,
  message:
    'The image engine (engine/) is the bottom layer: never worker/, app/ or shared/ (they import it, by its package name).',
};
const ENGINE_TESTS_ALONE = {
  regex: `${UP}(worker|app)(/|$)`,
  message: "The engine's tests (engine/test/) never import worker/ or app/: they test the package alone.",
};
// Outside engine/, the engine is imported by its package name and the subpaths its package.json
// exports, never by a relative path into its folder.
const NO_ENGINE_BY_PATH = {
  regex: String.raw`^(\./|(\.\./)+)engine(/|$)`,
  message:
    'Outside engine/, import the engine by its package name (@social-resizer/engine and its exports), never by path.',
};
// What the app (and shared/, which the app imports) may take of the engine: the planning vocabulary
// (plan/) and what the quality preview runs in the browser (app/features/tool-kit/quality-preview):
// the JPEG and WebP encoders and the JPEG encoder's WebAssembly. Nothing else of it.
const BROWSER_SAFE = String.raw`plan/[a-z-]+|codecs/jpeg/encode|codecs/webp/encode|codecs/jpeg/codec/jpeg_enc\.wasm\?url`;
const ENGINE_BROWSER_SAFE_ONLY = {
  regex: String.raw`^@social-resizer/engine(?!/(${BROWSER_SAFE})$)`,
  message:
    "app/ and shared/ import only the engine's browser-safe exports: @social-resizer/engine/plan/*, codecs/jpeg/encode, codecs/webp/encode and codecs/jpeg/codec/jpeg_enc.wasm?url.",
};
const NO_WORKER_FROM_APP = {
  regex: `${UP}worker(/|$)`,
  message: 'app/ never imports worker/: it calls the API.',
};
const TOOLS = ['single-image', 'adjusters', 'batch'];
const notAnotherTool = (tool) => ({
  regex: `${UP}(features/)?(${TOOLS.filter((other) => other !== tool).join('|')})(/|$)`,
  message: `A tool (${tool}/) never imports another tool's folder: what the tools share lives in app/features/tool-kit/.`,
});
// A file takes the patterns of the last block that matches it, so each block lists all of its own.
const boundary = (files, ...patterns) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});
const BOUNDARIES = [
  boundary(['**/*.{ts,tsx}'], NO_ENGINE_BY_PATH),
  boundary(['engine/**/*.ts'], ENGINE_ALONE),
  boundary(['engine/test/**/*.ts'], ENGINE_TESTS_ALONE),
  boundary(['shared/**/*.ts'], NO_WORKER, NO_APP, NO_ENGINE_BY_PATH, ENGINE_BROWSER_SAFE_ONLY),
  boundary(['worker/**/*.ts'], NO_APP, NO_ENGINE_BY_PATH),
  boundary(['worker/routes/**/*.ts'], NO_APP, NO_ENGINE_BY_PATH, DB_TYPES_ONLY),
  boundary(['worker/services/**/*.ts'], NO_APP, NO_ENGINE_BY_PATH, NO_ROUTES),
  boundary(['app/**/*.{ts,tsx}'], NO_WORKER_FROM_APP, NO_ENGINE_BY_PATH, ENGINE_BROWSER_SAFE_ONLY),
  ...TOOLS.map((tool) =>
    boundary(
      [`app/features/${tool}/**/*.{ts,tsx}`],
      NO_WORKER_FROM_APP,
      NO_ENGINE_BY_PATH,
      ENGINE_BROWSER_SAFE_ONLY,
      notAnotherTool(tool),
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.wrangler',
      'app/routeTree.gen.ts',
      'worker-configuration.d.ts',
      'engine/codecs/simd/assembly',
      'engine/detect/assembly',
      'engine/codecs/simd/build',
      'engine/detect/build',
      // The benchmark's downloaded packages and photos.
      'bench/.cache',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      // Type-aware rules read each file's own tsconfig (app, worker or node).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its error (a refused download, a failed write).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // The DOM and Workers globals come from TypeScript's lib settings, which check them better.
      'no-undef': 'off',
    },
  },
  {
    files: ['app/**/*.tsx', 'test/app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Schemas made before zod is told not to compile with eval break the site's CSP (shared/zod.ts).
    files: ['app/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['shared/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Import z from shared/zod.ts: it makes zod run without eval (the site's CSP)." },
          ],
        },
      ],
    },
  },
  ...BOUNDARIES,
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);

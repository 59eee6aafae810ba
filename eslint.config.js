// Lint rules the code must meet (run by `npm test` through `npm run lint`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The boundaries the build holds (README.md "Architecture"; test/shared/boundaries.test.ts breaks
// each one). Imports are relative, so each pattern reads the path as written: `../` as many times as
// it takes to leave the folder, then the folder it must not reach.
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
const ENGINE_ONLY = {
  regex: `${UP}(services|routes|db|middleware)(/|$)`,
  message: 'The image engine (worker/imaging) is pure: never worker/services, routes, db or middleware (they call it).',
};
const DB_TYPES_ONLY = {
  regex: `${UP}db(/|$)`,
  allowTypeImports: true,
  message: "Routes take only db types (import type); queries are a service's.",
};
// What the quality preview runs in the browser (app/features/tool-kit/quality-preview): the
// engine's JPEG and WebP encoders and the JPEG encoder's WebAssembly. Nothing else of worker/.
const APP_ENGINE_ENCODERS = String.raw`imaging/jpeg/encode|imaging/webp/encode|imaging/jpeg/codec/jpeg_enc\.wasm\?url`;
const NO_WORKER_BUT_ENCODERS = {
  regex: `${UP}worker/(?!(${APP_ENGINE_ENCODERS})$)`,
  message:
    "app/ never imports worker/, except the engine's browser-safe encoders the quality preview runs: worker/imaging/jpeg/encode.ts, worker/imaging/webp/encode.ts and worker/imaging/jpeg/codec/jpeg_enc.wasm?url.",
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
  boundary(['shared/**/*.ts'], NO_WORKER, NO_APP),
  boundary(['worker/**/*.ts'], NO_APP),
  boundary(['worker/routes/**/*.ts'], NO_APP, DB_TYPES_ONLY),
  boundary(['worker/services/**/*.ts'], NO_APP, NO_ROUTES),
  boundary(['worker/imaging/**/*.ts'], NO_APP, ENGINE_ONLY),
  boundary(['app/**/*.{ts,tsx}'], NO_WORKER_BUT_ENCODERS),
  ...TOOLS.map((tool) =>
    boundary([`app/features/${tool}/**/*.{ts,tsx}`], NO_WORKER_BUT_ENCODERS, notAnotherTool(tool)),
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
      'worker/imaging/simd/assembly',
      'worker/imaging/detect/assembly',
      'worker/imaging/simd/build',
      'worker/imaging/detect/build',
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

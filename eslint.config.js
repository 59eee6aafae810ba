// Lint rules the code must meet (run by `npm test` through `npm run lint`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);

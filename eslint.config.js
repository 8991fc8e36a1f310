import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { builtinModules } from 'node:module';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-prerender/**',
      'data/**',
      'apps/web/src/routeTree.gen.ts',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify plugins are async by convention, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The layers (docs/architecture.md, "The layers"): who may import whom, kept by the linter.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['apps/*/src/**/*', 'packages/contract/src/**/*'],
      'boundaries/ignore': ['apps/web/src/routeTree.gen.ts'],
      // Matched in order, the first wins; app.ts, main.ts and the web's main.tsx fall to the last.
      'boundaries/elements': [
        { type: 'contract', pattern: 'packages/contract/src' },
        { type: 'web-routes', pattern: 'apps/web/src/routes' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        {
          type: 'web-shared',
          pattern: 'apps/web/src/(ui|lib|session|config)',
          capture: ['layer'],
        },
        { type: 'web-app', pattern: 'apps/web/src' },
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
        { type: 'server-plugins', pattern: 'apps/server/src/plugins' },
        {
          type: 'server-shared',
          pattern: 'apps/server/src/(lib|db|mail)',
          capture: ['layer'],
        },
        { type: 'server-demo', pattern: 'apps/server/src/demo' },
        { type: 'server-app', pattern: 'apps/server/src' },
      ].map((element) => ({ ...element, partialMatch: false })),
      // A module's routes on the customers' app and on the operator's (operator-app.ts).
      'boundaries/files': [
        { category: 'routes', pattern: 'apps/server/src/modules/*/(routes|operator-routes).ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Imports inside one element count too: a route file may not reach its own repo.
          checkInternals: true,
          policies: [
            // Anything may use the contract; the contract uses nothing of the apps.
            { allow: { to: { element: { type: 'contract' } } } },
            // Inside one element (a feature, a module, ui/…) anything goes.
            { allow: { dependency: { relationship: { to: 'internal' } } } },
            // web: routes → features → ui/lib/session/config; main.tsx and the router on top.
            {
              from: { element: { type: 'web-app' } },
              allow: {
                to: { element: { types: ['web-app', 'web-routes', 'web-feature', 'web-shared'] } },
              },
            },
            {
              from: { element: { type: 'web-routes' } },
              allow: { to: { element: { types: ['web-feature', 'web-shared'] } } },
            },
            {
              // A feature never imports another feature: shared pieces go to ui/ or lib/.
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-shared' } } },
            },
            {
              from: { element: { type: 'web-shared' } },
              allow: { to: { element: { type: 'web-shared' } } },
            },
            // server: app.ts composes everything.
            {
              from: { element: { type: 'server-app' } },
              allow: {
                to: {
                  element: {
                    types: [
                      'server-app',
                      'server-module',
                      'server-plugins',
                      'server-shared',
                      'server-demo',
                    ],
                  },
                },
              },
            },
            {
              // Services and repos: other modules' services and repos (never their routes),
              // lib/, db/, mail/ and the config's type.
              from: { element: { type: 'server-module' } },
              allow: {
                to: { element: { types: ['server-module', 'server-shared', 'server-app'] } },
              },
            },
            {
              // Route files are app.ts's alone: no module imports another one's routes.
              from: { element: { type: 'server-module' } },
              disallow: { to: { file: { categories: 'routes' } } },
            },
            {
              // A route file imports only its own module's service (and, as any module file,
              // plugins/' hooks, lib/ and db/ types): rules live in the service, SQL in the repo.
              from: { file: { categories: 'routes' } },
              disallow: { to: { element: { type: 'server-module' } } },
            },
            {
              from: { file: { categories: 'routes' } },
              allow: {
                to: {
                  element: {
                    type: 'server-module',
                    captured: { module: '{{ from.element.captured.module }}' },
                    fileInternalPath: 'service.ts',
                  },
                },
              },
            },
            {
              from: { file: { categories: 'routes' } },
              allow: { to: { element: { type: 'server-plugins' } } },
            },
            {
              // Plugins and lib/, db/, mail/ never reach into modules/.
              from: { element: { type: 'server-plugins' } },
              allow: {
                to: { element: { types: ['server-plugins', 'server-shared', 'server-app'] } },
              },
            },
            {
              from: { element: { type: 'server-shared' } },
              allow: { to: { element: { types: ['server-shared', 'server-app'] } } },
            },
            {
              from: { element: { type: 'server-demo' } },
              allow: {
                to: {
                  element: {
                    types: ['server-demo', 'server-module', 'server-shared', 'server-app'],
                  },
                },
              },
            },
          ],
        },
      ],
    },
  },
  {
    // The contract runs in the browser and on the server: no React, Node or Drizzle, no app.
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'react/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'node:*',
                ...builtinModules,
                '@kundenportal/server',
                '@kundenportal/web',
                '**/apps/**',
              ],
              message:
                'The contract is bundled for the browser and the server: no React, Node, Drizzle or app code.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // docs/decisions/027-schemas-built-on-first-use.md: a page builds only the schemas it checks.
          selector:
            'Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/Schema$/][init.type="CallExpression"]:not([init.callee.name="lazySchema"])',
          message:
            'A schema of the contract is built on first use: `export const XSchema = lazySchema(() => z.…)`.',
        },
      ],
    },
  },
  {
    // TanStack Router's redirect() and notFound() are thrown by design.
    files: ['apps/web/src/routes/**/*.{ts,tsx}', 'apps/web/src/lib/not-found.ts'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    // Tests read JSON answers whose shape is what they assert.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Playwright fixtures must destructure their (unused) dependencies.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);

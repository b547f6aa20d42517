import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'docs',
      'server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The layers (docs/architecture.md "Layers"): each folder imports only the ones below it.
  {
    // The domain is the bottom: pure rules and the types they own, shared by client and server.
    files: ['src/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '**/effects/**', '**/machines/**', '**/ui/**', '**/server/**'],
              message: 'src/domain imports nothing above it: the wire schemas satisfy its types.',
            },
            {
              group: ['react', 'react-dom', 'rxjs', 'socket.io-client', 'xstate', 'zod'],
              message: 'src/domain is plain functions and types.',
            },
          ],
        },
      ],
    },
  },
  {
    // The wire contract and the REST client sit on the domain, under the effects and the views.
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/effects/**', '**/machines/**', '**/ui/**', '**/server/**'],
              message: 'src/api imports only the domain and itself.',
            },
          ],
        },
      ],
    },
  },
  {
    // Effects wrap the outside world for the machines; the views sit above them.
    files: ['src/effects/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/ui/**', '**/server/**'],
              message: 'src/effects imports no view and no server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Views select and send: they reach the network only through effects and actors.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/*', '!**/api/schemas', '!**/api/paths'],
              message: 'A view calls no API: provide an effect to its machine.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server shares the domain, the wire schemas and the API paths, by the aliases package.json
    // declares (`imports`): every tool resolves them alike, and no other part of src/ is reachable.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^[./](?:.*/)?src(?:/|$)',
              message:
                'The server reaches src/ by #shared/domain/*, #shared/wire/* and #shared/paths only, never its views, machines or effects.',
            },
            {
              regex: '^#(?!shared/(?:domain|wire)/(?!(?:.*/)?\\.\\.(?:/|$))|shared/paths$)',
              message:
                "The server shares #shared/domain/*, #shared/wire/* and #shared/paths only, never the client's views, machines or effects.",
            },
          ],
        },
      ],
    },
  },
  {
    // Machines stay pure: effects are provided, never imported.
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'socket.io-client', '../effects/*', '../ui/*', '../api/*'],
              allowTypeImports: true,
              message: 'Provide effects to the machine instead.',
            },
          ],
        },
      ],
    },
  },
);

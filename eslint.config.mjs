// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import webBoundaries from './web/eslint-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/server-dist/**',
      '**/.data/**',
      '**/__generated__/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // web/src: app/ assembles, features import only shared/ and ui/ (web/eslint-boundaries.mjs).
  ...webBoundaries,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // relay-compiler reads its settings only as CommonJS.
    files: ['relay.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    // A function a maintainer can read at once: past ~60 lines, split it into named steps (issue 24).
    files: ['gateway/src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The sandbox too: no function over ~60 lines (issue 24).
    files: ['sandbox/src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The sandbox's SQL lives in its repositories (domain/, db/, and seed/'s fixture inserts): routes, pages, art
    // and the live channels call them and never touch the database themselves.
    files: ['sandbox/src/{routes,http,realtime,art,control,game}/**/*.ts', 'sandbox/src/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(prepare|transaction|pragma)$/]',
          message:
            'SQL belongs in a repository (sandbox/src/domain or sandbox/src/db): call a named function there.',
        },
        {
          selector: "CallExpression[callee.property.name='exec'][callee.object.name=/^db$/]",
          message:
            'SQL belongs in a repository (sandbox/src/domain or sandbox/src/db): call a named function there.',
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON responses.
    files: ['**/test/**/*.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

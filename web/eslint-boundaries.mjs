// @ts-check
import fs from 'node:fs';
import path from 'node:path';

/*
 * The rooms of web/src and which way imports may run (docs/architecture.md#where-things-go):
 *
 *   app/       the entry's routes, the layout and the modal host: assembles the site, may import anything
 *   features/  one folder per feature: imports only shared/ and ui/ (and its own files), never app/ or another feature
 *   shared/    what features share (Relay environment and session, storage, modals, page, forms): never app/ or a feature
 *   ui/        design-system parts: only ui/
 *
 * ESLint's own no-restricted-imports, one block per folder, with patterns on the import's relative path; the same
 * patterns catch a dynamic import() through no-restricted-syntax. web/src/boundaries.test.ts proves the rule fails.
 * The same rule keeps Relay's useMutation to shared/relay/useMutation.ts, the one way the site sends a mutation.
 */

const src = 'web/src';
const features = fs
  .readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const UP_TO_APP = String.raw`^(\.\./)+app(/|$)`;
const UP_TO_FEATURES = String.raw`^(\.\./)+features(/|$)`;
const UP_TO_SHARED = String.raw`^(\.\./)+shared(/|$)`;

/** Relay's own mutation hooks: the site sends mutations with shared/relay/useMutation.ts alone. */
const RELAY_MUTATIONS = {
  name: 'react-relay',
  importNames: ['useMutation', 'commitMutation'],
  message:
    'Send a mutation with shared/relay/useMutation: a promise that rejects on any error, with its code.',
};

/**
 * A rule block refusing imports whose path matches any of `patterns`, static or dynamic, and (unless
 * `relayMutations` is true) Relay's own mutation hooks.
 */
function refuse(files, message, patterns, { relayMutations = false } = {}) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: relayMutations ? [] : [RELAY_MUTATIONS],
          patterns: patterns.map((regex) => ({ regex, message })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...patterns.map((regex) => ({
          // esquery reads a regular expression up to its first slash: write slashes as \x2F.
          selector: `ImportExpression[source.value=/${regex.replaceAll('/', String.raw`\x2F`)}/]`,
          message,
        })),
      ],
    },
  };
}

const FEATURE =
  'A feature imports only shared/, ui/ and its own files: move what two features share to shared/.';

/**
 * A feature's files, `depth` folders below features/<name>/: another feature is a sibling of its own folder, and
 * app/ is above features/.
 */
const featureBlocks = features.flatMap((name) =>
  [1, 2, 3].map((depth) =>
    refuse([`${src}/features/${name}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`], FEATURE, [
      UP_TO_APP,
      `^${'\\.\\./'.repeat(depth)}(?!${name}(/|$))[^./]`,
      `^${'\\.\\./'.repeat(depth + 1)}features/(?!${name}(/|$))`,
    ]),
  ),
);

const SHARED = 'shared/ serves the features: it imports neither app/ nor a feature.';

export default [
  refuse([`${src}/*.{ts,tsx}`, `${src}/app/**/*.{ts,tsx}`], '', []),
  ...featureBlocks,
  refuse([`${src}/shared/**/*.{ts,tsx}`], SHARED, [UP_TO_APP, UP_TO_FEATURES]),
  refuse([`${src}/shared/relay/useMutation.ts`], SHARED, [UP_TO_APP, UP_TO_FEATURES], {
    relayMutations: true,
  }),
  refuse([`${src}/ui/**/*.{ts,tsx}`], 'ui/ holds design-system parts: it imports only ui/.', [
    UP_TO_APP,
    UP_TO_FEATURES,
    UP_TO_SHARED,
  ]),
];

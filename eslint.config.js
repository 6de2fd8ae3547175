import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

/**
 * The layers (README, Code map): an import may only go down. Each zone names the folders its files
 * must not import, by a relative specifier that climbs out of src/<layer>/ into one of them.
 */
const climbsInto = (...rooms) => `^(\\.\\./)+(${rooms.join('|')})(/|$)`;
const layer = (files, forbidden, why, more = []) => ({
  files,
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: climbsInto(...forbidden), message: why },
          ...more.map((regex) => ({ regex, caseSensitive: true, message: why })),
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist*/', 'node_modules/', 'public/', 'runs/', 'test-results*/', '.device/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  layer(
    ['src/core/**'],
    ['model', 'engine', 'ui', 'repair', 'sandbox', 'rl'],
    'src/core holds pure rules: it imports no other layer.',
  ),
  layer(['src/model/**'], ['engine', 'ui', 'repair', 'sandbox', 'rl'], 'src/model is below the loops and the page.'),
  layer(
    ['src/rl/**', 'src/sandbox/**'],
    ['engine', 'ui', 'repair'],
    'The policy update and the sandbox are below the loops and the page.',
  ),
  layer(['src/engine/**'], ['ui', 'repair'], 'The Agent0 loop imports neither the page nor the repair lab.'),
  layer(['src/repair/**'], ['ui', 'engine'], 'The repair lab imports neither the page nor the Agent0 loop.'),
  layer(['src/ui/text/**'], ['figures', 'chapters', 'primitives', 'shell'], 'The words import no views.', [
    '/[A-Z][\\w-]*\\.svelte$',
  ]),
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
);

import js from '@eslint/js'
import regexp from 'eslint-plugin-regexp'
import security from 'eslint-plugin-security'
import tseslint from 'typescript-eslint'
import { featureBoundaries } from './scripts/eslint/feature-boundaries.js'

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/.test-results/**', 'charts/**', 'k8s/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  security.configs.recommended,
  regexp.configs['flat/recommended'],
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        crypto: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Object keys come from validated input or our own constants; this rule flags every map lookup.
      'security/detect-object-injection': 'off',
      // Paths are built from configuration and fixed names, never from request input without checks.
      'security/detect-non-literal-fs-filename': 'off',
    },
  },
  {
    // Server code: an object literal's getter puts a new accessor pair in V8's old generation on every
    // evaluation, and that dead pair keeps what its closure saw alive through every scavenge until the next
    // major collection (docs/decisions/081-no-getters-in-object-literals.md). Use a method or a class.
    files: [
      'gateway/src/**/*.ts',
      'services/*/src/**/*.ts',
      'packages/*/src/**/*.ts',
      'scripts/**/*.{ts,mjs}',
    ],
    ignores: ['packages/*/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > Property[kind=/^[gs]et$/]',
          message:
            'No getter or setter in an object literal on the server: a method or a class instead (docs/decisions/081-no-getters-in-object-literals.md).',
        },
      ],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { web: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'web/feature-boundaries': 'error' },
  },
)

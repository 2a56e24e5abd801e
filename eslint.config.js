// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';

export default tseslint.config(
  {
    ignores: [
      'node_modules/', 'dist/', 'dist-demo/', 'coverage/', 'reports/', 'storybook-static/', '.data/',
      'public/mockServiceWorker.js', 'custom-elements.json', 'demo/spa/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'stories/**/*.ts', 'test/elements/**/*.ts', 'test/integration/**/*.ts'],
    ...litConfigs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'stories/**/*.ts', 'test/elements/**/*.ts', 'test/integration/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'stories/**/*.ts', 'test/elements/**/*.ts', 'test/integration/**/*.ts'],
    ...wc.configs['flat/best-practice'],
  },
  {
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly',
        setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-undef': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
  },
);

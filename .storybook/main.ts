// Storybook for both elements: web components on Vite, docs generated from custom-elements.json, and a
// fake service at the network level (msw) so every story runs offline.
import type { StorybookConfig } from '@storybook/web-components-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/web-components-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', 'msw-storybook-addon'],
  // public/ holds mockServiceWorker.js, written by msw's postinstall (package.json "msw.workerDirectory").
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
};

export default config;

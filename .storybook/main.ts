// Storybook for both elements: web components on Vite, docs generated from custom-elements.json, and a
// fake service at the network level (msw) so every story runs offline.
import type { StorybookConfig } from '@storybook/web-components-vite';
import { mergeConfig } from 'vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/web-components-vite', options: {} },
  stories: ['../stories/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', 'msw-storybook-addon'],
  // public/ holds mockServiceWorker.js, written by msw's postinstall (package.json "msw.workerDirectory").
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // The onboarding checklist ("Get started") is about setting Storybook up, not about these elements.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  // Pre-bundling every Lit entry point together keeps one copy of Lit in `storybook dev` (otherwise the
  // optimizer bundles late-found entry points separately and Lit warns about several versions).
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      optimizeDeps: {
        include: [
          'lit',
          'lit/decorators.js',
          'lit/directive-helpers.js',
          'lit/directives/guard.js',
          'lit/directives/if-defined.js',
          'lit/directives/keyed.js',
          'lit/directives/style-map.js',
          'msw',
          'msw/browser',
          'zod/mini',
        ],
      },
    }),
};

export default config;

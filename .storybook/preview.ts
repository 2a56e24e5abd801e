// Every story: docs from custom-elements.json (generated from the elements' JSDoc by `npm run build`), and the
// msw worker started before the first story so the fake service in stories/fake-service.ts answers offline.
import type { Preview } from '@storybook/web-components-vite';
import { setCustomElementsManifest } from '@storybook/web-components-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import customElements from '../custom-elements.json';

// custom-elements.json holds the public contract only (see custom-elements-manifest.config.mjs).
setCustomElementsManifest(customElements);

const preview: Preview = {
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({
        quiet: true,
        // Relative, so a Storybook published under a sub-path still finds its worker.
        serviceWorker: { url: './mockServiceWorker.js' },
        // Only the fake service is mocked; the live story and Storybook's own files go to the network.
        onUnhandledRequest: 'bypass',
      });
      return worker;
    }),
  ],
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    docs: { toc: true },
  },
};

export default preview;

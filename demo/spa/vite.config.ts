import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A plain Vite + React setup: nothing here is specific to the chat widget.
export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5174 },
});

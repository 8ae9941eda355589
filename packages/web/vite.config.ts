import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

// The built app must run under the server's CSP (script-src 'self', no eval, no CDNs),
// so everything is bundled and index.html carries no inline script.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The domain package is pure (no I/O, no import-time effects, CONVENTIONS.md), so what
      // the web app does not use of it (phone metadata, country lists) is left out of the bundle.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false },
          {
            test: /[\\/]node_modules[\\/](libphonenumber-js|i18n-iso-countries|jsep)[\\/]/,
            sideEffects: false,
          },
        ],
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
});

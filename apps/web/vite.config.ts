import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './vite-plugins/precompress';

// The variant is not built in: the app reads it from the server at load (GET /api/mandant).
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), precompress()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    // No source maps: browsers get only what runs.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries in a few chunks by what needs them, instead of dozens of small shared ones:
        // every file costs a request and its headers on a phone's connection. Charts, the date
        // picker and holiday data stay out of these and load only with the screens that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'router',
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
});

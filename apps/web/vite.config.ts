import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './vite-plugins/precompress';

// The variant is not built in: the server writes it into index.html (GET /api/mandant in dev).
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // The login page is where a visitor arrives: it comes with the app, without a second
        // round trip for its chunk before it shows.
        splitBehavior: ({ routeId }) => (routeId === '/anmelden' ? [] : undefined),
        // A route's loader travels with its component: the schemas its queries check with stay
        // out of the app's entry, and so out of the login page, at no extra round trip.
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
    }),
    react(),
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    // No source maps: browsers get only what runs.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries in a few chunks by what needs them, instead of dozens of small shared ones:
        // every file costs a request and its headers on a phone's connection. React, the router
        // and the query cache run every page: one file, compressed together. Charts, the date
        // picker and holiday data stay out of these and load only with the screens that use them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
});

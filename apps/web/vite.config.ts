import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite-plugins/precompress';
import { routePreloads } from './vite-plugins/route-preloads';
import { scriptsAfterPaint } from './vite-plugins/scripts-after-paint';

// The variant is not built in: the server writes it into index.html (GET /api/mandant in dev).
// `--ssr` builds the login page's prerenderer (src/prerender.tsx) for the server's start.
export default defineConfig(({ isSsrBuild }) => ({
  ...(isSsrBuild && {
    // The contract is TypeScript: bundled, so that the server imports plain JavaScript.
    ssr: { noExternal: ['@kundenportal/contract'] },
    publicDir: false,
    build: { outDir: 'dist-prerender', emptyOutDir: true },
  }),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // The login page is where a visitor arrives: it comes with the app, without a second
        // round trip for its chunk before it shows.
        splitBehavior: ({ routeId }) => (routeId === '/anmelden' ? [] : undefined),
        // A route's loader travels with its component: the schemas its queries check with stay
        // out of the app's entry, and so out of the login page, at no extra round trip. A
        // route's error component stays in the entry: it must show when the network failed,
        // and then a chunk of its own would not load either.
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    ...(isSsrBuild ? [] : browserOnlyPlugins()),
  ],
  resolve: {
    alias: {
      // React has useSyncExternalStore since 18: the router's store needs no shim of it.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  // The chart worker (ui/charts/chart-worker.ts) is a module, as the page's own files.
  worker: { format: 'es' as const },
  ...(!isSsrBuild && { build: BROWSER_BUILD }),
}));

function browserOnlyPlugins() {
  return [
    // The service worker: the app's hashed files precached, the page from the network first.
    // The manifest is the server's (the variant is chosen at its start); registration is the
    // app's own, after load (src/lib/service-worker.ts).
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['assets/**/*.{js,css,woff2}', 'logos/*.svg'],
        // Background Sync of the waiting readings (public/ablesungen-sync.js).
        importScripts: ['ablesungen-sync.js'],
        // The build's index.html has no variant in it: the server's page is what is kept.
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Every route is the same page (the router draws the rest), so one entry serves
            // an offline start on any address. API answers are never kept here: the app
            // keeps what it needs itself, per customer.
            // A page whose address carries a query (a reset link's token) is never stored.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/') && url.search === '',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'app-page',
              networkTimeoutSeconds: 6,
              plugins: [{ cacheKeyWillBeUsed: async () => '/' }],
            },
          },
        ],
      },
    }),
    scriptsAfterPaint(),
    routePreloads(),
    precompress(),
  ];
}

const BROWSER_BUILD = {
  // Every browser the portal supports preloads modules itself (Safari since 17); one without
  // only loads them a little later.
  modulePreload: { polyfill: false },
  // No source maps: browsers get only what runs.
  sourcemap: false,
  rolldownOptions: {
    output: {
      // V8's compile hint (Chromium 136 on): the framework's functions nearly all run as a page
      // loads, so V8 compiles them while the file streams in, beside the page's thread, not one
      // by one on it at their first call. After minifying, at the very top, where V8 reads it.
      // Measured at 8× slowdown, 5 loads each: about 110 ms less blocking time on the detail and
      // reading pages. On every chunk it gained nothing more.
      postBanner: (chunk) => (chunk.name === 'framework' ? '//# allFunctionsCalledOnLoad' : ''),
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
          { name: 'framework', test: (id) => id === '\0rolldown/runtime.js' },
          // Our modules the entry shares with lazy routes (dates, formats, the variant, ids) stay
          // in the entry: Rolldown would give each a file of its own (rolldown/rolldown#10731),
          // four requests of about 1 kB on the login page (docs/decisions/023-login-page-bytes-counted.md).
          { name: 'app', tags: ['$initial'], test: (id) => !id.includes('node_modules') },
          // zod with the contract's German configuration of it, which runs before any schema,
          // and the wrapper that builds each schema on first use.
          {
            name: 'zod',
            test: /node_modules[\\/]zod[\\/]|contract[\\/]src[\\/](zod-german|issue-messages|lazy-schema)\.ts$/,
          },
          { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
          // What this device keeps (reads, waiting readings) and IndexedDB: the offline support,
          // the login page and the logout each load it after the page shows; one file, not three.
          {
            name: 'offline-store',
            test: /node_modules[\\/]idb-keyval[\\/]|src[\\/](lib[\\/]offline[\\/]kept-queries|features[\\/]readings[\\/]outbox[\\/](waiting-readings|outbox-changes))\.ts$/,
          },
        ],
      },
    },
  },
} satisfies UserConfig['build'];

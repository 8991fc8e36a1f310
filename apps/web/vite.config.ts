import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const mandant = process.env.MANDANT ?? 'standard';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  resolve: {
    alias: {
      '@mandant': fileURLToPath(new URL(`../../config/mandanten/${mandant}.json`, import.meta.url)),
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { sourcemap: true },
});

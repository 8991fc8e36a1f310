import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The variant is not built in: the app reads it from the server at load (GET /api/mandant).
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { sourcemap: true },
});

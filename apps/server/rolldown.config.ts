import { defineConfig } from 'rolldown';

/**
 * `npm start` runs the server as one file of JavaScript (docs/decisions/002-server-runs-as-one-built-file.md): our
 * modules and the contract's, bundled; the packages stay in node_modules, loaded as they are.
 */
export default defineConfig({
  input: 'src/main.ts',
  platform: 'node',
  external: (id) => !/^[./]/.test(id) && !id.startsWith('@kundenportal/'),
  output: { file: 'dist/main.js', format: 'esm', sourcemap: true },
});

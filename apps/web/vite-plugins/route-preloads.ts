import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Where the build writes it, beside index.html; the server's app page reads it at start. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A route's split files that the page needs to draw (not its error and not-found screens). */
const DRAWING_SPLIT = /\/src\/routes\/([^/]+)\.tsx\?tsr-split=(?!errorComponent|notFoundComponent)/;

/**
 * The address pattern of a file route, as TanStack Router reads its file name: dots are
 * slashes, a trailing `_` only leaves the parent's layout (`vertrag.$id.bankverbindungen_.editieren`
 * is /vertrag/$id/bankverbindungen/editieren). The root and the catch-all have none.
 */
function routePattern(fileName: string): string | undefined {
  if (fileName === '__root' || fileName === '$') return undefined;
  if (fileName === 'index') return '/';
  return `/${fileName
    .split('.')
    .map((segment) => segment.replace(/_$/, ''))
    .join('/')}`;
}

/** The chunk and every file it imports statically, to the end, with their style sheets. */
function closure(bundle: OutputBundle, chunk: OutputChunk, files = new Set<string>()) {
  if (files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') closure(bundle, next, files);
  }
  return files;
}

/**
 * Per route pattern, the files its screen loads beyond the app's entry
 * (`{ "/vertrag/$id/detail": ["/assets/…js", …] }`), for the server to name in the page's HTML
 * as `modulepreload` links (docs/decisions/028-a-page-names-its-screen-files.md). The browser then fetches them while it
 * reads the page, and Vite's preload helper, which skips a file a link already names, appends
 * none of its own on the page's thread.
 */
export function routePreloads(): Plugin {
  return {
    name: 'kundenportal:route-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const inPage = entry ? closure(bundle, entry) : new Set<string>();
      const preloads = new Map<string, Set<string>>();
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId && DRAWING_SPLIT.exec(chunk.facadeModuleId);
        const pattern = match ? routePattern(match[1]!) : undefined;
        if (!pattern) continue;
        const files = preloads.get(pattern) ?? new Set<string>();
        for (const file of closure(bundle, chunk)) if (!inPage.has(file)) files.add(`/${file}`);
        preloads.set(pattern, files);
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(
          Object.fromEntries([...preloads].map(([pattern, files]) => [pattern, [...files]])),
        ),
      });
    },
  };
}

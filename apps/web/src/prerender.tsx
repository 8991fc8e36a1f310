import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { Paths, type ServedMandant } from '@kundenportal/contract';
import { setMandant } from './config/mandant';
import { createAppRouter } from './router';
import { App } from './app';

/**
 * The login page's HTML as the browser's first render draws it for a visitor without a session,
 * rendered with React's server renderer when the server starts (the variant is chosen then):
 * the page paints before its JavaScript has run, and main.tsx hydrates it. Built by
 * `vite build --ssr` beside the app (dist-prerender/).
 * @public The server loads it from that build (apps/server/src/plugins/app-page.ts); nothing
 * imports it.
 */
export async function prerenderLoginPage(
  variant: ServedMandant,
): Promise<{ head: string; body: string }> {
  setMandant(variant);
  const { router, queryClient } = createAppRouter(
    createMemoryHistory({ initialEntries: [Paths.login] }),
  );
  await router.load();
  const html = renderToString(<App router={router} queryClient={queryClient} />);
  return {
    // React hoists the logo's preload before the app: it belongs in the head.
    head: [...html.matchAll(HOISTED)].map(([link]) => link).join(''),
    // The router's scroll script is for pages rendered per request; the page's policy runs
    // no inline script, and the browser's render draws none there. The browser's router wraps
    // its matches and the root's in Suspense boundaries that its server render leaves out (it
    // expects its own hydration, with data sent along): their markers, so that the app takes
    // the page over as the same tree and goes on exactly as when it draws the page itself.
    body: `${SUSPENSE_OPEN.repeat(2)}${html.replace(HOISTED, '').replace(SCRIPT, '')}${SUSPENSE_CLOSE.repeat(2)}`,
  };
}

const HOISTED = /<link [^>]*\/>/g;
const SCRIPT = /<script>[\s\S]*?<\/script>/g;
/** How React's server renderer marks a Suspense boundary whose content it rendered. */
const SUSPENSE_OPEN = '<!--$-->';
const SUSPENSE_CLOSE = '<!--/$-->';

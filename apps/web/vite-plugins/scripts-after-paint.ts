import type { Plugin } from 'vite';

/**
 * The app's script and its preloaded chunks fetched at low priority: the login page paints from
 * its prerendered HTML and the style sheet alone (apps/server's app page), so nothing else
 * should stand before them on a slow connection. At high priority, which module scripts get by
 * default, a phone's first paint waited for the framework's 90 kB in Lighthouse's model.
 */
export function scriptsAfterPaint(): Plugin {
  return {
    name: 'kundenportal-scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
          .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" '),
    },
  };
}

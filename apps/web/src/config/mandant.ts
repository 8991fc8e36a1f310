import type { ServedMandant } from '@kundenportal/contract';

/**
 * The variant in force. The server chooses it at start (MANDANT) and the one built app reads it
 * at load, before anything renders, so that switching needs a restart and no rebuild. The server
 * checked it against MandantSchema when it started and added what it resolved (ServedMandant).
 */
export let mandant: ServedMandant;

/** The supplier's colours throughout: the stylesheet reads them as custom properties. */
function applyBranding(variant: ServedMandant) {
  // Prerendered, the server writes them into the page itself.
  if (typeof document === 'undefined') return;
  const style = document.documentElement.style;
  style.setProperty('--brand', variant.farben.primaer);
  style.setProperty('--brand-dark', variant.farben.primaerDunkel);
}

export function setMandant(variant: ServedMandant) {
  mandant = variant;
  applyBranding(variant);
}

/** Where the server wrote the variant into the page (apps/server/src/plugins/app-page.ts). */
const MANDANT_ELEMENT_ID = 'mandant';

/**
 * The variant from the page the server sent, else (the dev server's page) from GET /api/mandant
 * of the server that serves this app.
 */
export async function loadMandant(): Promise<ServedMandant> {
  const written = document.getElementById(MANDANT_ELEMENT_ID)?.textContent;
  let variant: ServedMandant;
  if (written) {
    variant = JSON.parse(written) as ServedMandant;
  } else {
    const response = await fetch('/api/mandant', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`Variante nicht geladen: HTTP ${response.status}`);
    variant = (await response.json()) as ServedMandant;
  }
  setMandant(variant);
  return variant;
}

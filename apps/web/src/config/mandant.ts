import { MandantSchema, type Mandant } from '@kundenportal/contract';

/**
 * The variant in force. The server chooses it at start (MANDANT) and the one built app reads it
 * at load, before anything renders, so that switching needs a restart and no rebuild.
 */
export let mandant: Mandant;

/** The supplier's colours throughout: the stylesheet reads them as custom properties. */
function applyBranding(variant: Mandant) {
  const style = document.documentElement.style;
  style.setProperty('--brand', variant.farben.primaer);
  style.setProperty('--brand-dark', variant.farben.primaerDunkel);
}

export function setMandant(variant: Mandant) {
  mandant = variant;
  applyBranding(variant);
}

/** GET /api/mandant from the server that serves this app. */
export async function loadMandant(): Promise<Mandant> {
  const response = await fetch('/api/mandant', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Variante nicht geladen: HTTP ${response.status}`);
  const variant = MandantSchema.parse(await response.json());
  setMandant(variant);
  return variant;
}

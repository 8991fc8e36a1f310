/**
 * Every route of spec §2 and who sees it on which contract: the list the screen checks
 * (every-screen.spec.ts) and the Lighthouse bench of every screen both walk. Plain data, no
 * Playwright, so that a script outside the test runner can read it.
 */
import { CONTRACTS } from './demo-contracts';

/** The demo customers of the README who log in to a working portal. */
export const CUSTOMERS = ['10001', '10002', '10005'] as const;
export type Customer = (typeof CUSTOMERS)[number];

/**
 * A route of spec §2. A public one is seen logged out (the guard sends a customer home). A
 * contract route names, for each customer with contracts, the contracts on which a customer
 * reaches it from the screens (10005 has none, so no contract route); every other route is seen
 * by every customer.
 */
interface Screen {
  name: string;
  /** The path; `$id` stands for the contract number. */
  path: string;
  public?: true;
  contracts?: Record<Exclude<Customer, '10005'>, readonly number[]>;
}

const { maxDynamic, maxGas, maxDayNight, maxEnded, baeckereiCancelled } = CONTRACTS;
/** 10002's contracts: cancelled (GEKUENDIGT), ordered (BEAUFTRAGT) and voided (STORNIERT). */
const baeckereiOrdered = baeckereiCancelled + 1;
const baeckereiVoided = baeckereiCancelled + 2;

/** Every route of spec §2; a later screen is added here once. */
const SCREENS: readonly Screen[] = [
  { name: 'anmelden', path: '/anmelden', public: true },
  { name: 'passwort-vergessen', path: '/passwort/vergessen', public: true },
  { name: 'passwort-erneuern', path: '/passwort/erneuern?token=beispiel', public: true },
  { name: 'passwort-erneuern-fehler', path: '/passwort/erneuern', public: true },
  { name: 'portal-gesperrt', path: '/portal/gesperrt', public: true },
  { name: 'email-bestaetigen', path: '/email/bestaetigen?token=beispiel', public: true },
  { name: 'email-widerrufen', path: '/email/widerrufen?token=beispiel', public: true },
  { name: 'start', path: '/' },
  { name: 'vertraege', path: '/vertraege' },
  {
    name: 'vertrag-detail',
    path: '/vertrag/$id/detail',
    contracts: {
      '10001': [maxDynamic, maxGas, maxDayNight, maxEnded],
      '10002': [baeckereiCancelled, baeckereiOrdered, baeckereiVoided],
    },
  },
  {
    name: 'tarifhistorie',
    path: '/vertrag/$id/tarifhistorie',
    contracts: { '10001': [maxGas], '10002': [baeckereiOrdered, baeckereiVoided] },
  },
  // Offered on the cards of active contracts only.
  {
    name: 'kuendigen',
    path: '/vertrag/$id/kuendigen',
    contracts: { '10001': [maxGas], '10002': [] },
  },
  { name: 'dokumente', path: '/dokumente' },
  { name: 'datenuebersicht', path: '/daten/uebersicht' },
  { name: 'kontakt-editieren', path: '/kontakt/editieren' },
  { name: 'rechnungsadresse-editieren', path: '/rechnungsadresse/editieren' },
  { name: 'rechnungsadressen', path: '/rechnungsadressen' },
  {
    name: 'vertrag-rechnungsadressen',
    path: '/vertrag/$id/rechnungsadressen',
    contracts: { '10001': [maxDayNight], '10002': [baeckereiCancelled] },
  },
  {
    name: 'vertrag-rechnungsadresse-editieren',
    path: '/vertrag/$id/rechnungsadresse/editieren',
    contracts: { '10001': [maxDynamic], '10002': [baeckereiCancelled] },
  },
  { name: 'bankverbindung-editieren', path: '/bankverbindung/editieren' },
  { name: 'bankverbindungen', path: '/bankverbindungen' },
  {
    name: 'vertrag-bankverbindungen',
    path: '/vertrag/$id/bankverbindungen',
    contracts: { '10001': [maxGas], '10002': [baeckereiCancelled] },
  },
  {
    name: 'vertrag-bankverbindungen-editieren',
    path: '/vertrag/$id/bankverbindungen/editieren',
    contracts: { '10001': [maxGas], '10002': [baeckereiCancelled] },
  },
  { name: 'kontaktanfrage', path: '/kontaktanfrage' },
  { name: 'kontaktanfrage-ok', path: '/kontaktanfrageOk' },
  // Linked from the detail when there is consumption.
  {
    name: 'verbrauch',
    path: '/vertrag/$id/verbrauch',
    contracts: { '10001': [maxDynamic, maxGas], '10002': [baeckereiCancelled] },
  },
  // Linked from the detail of a dynamic tariff only.
  {
    name: 'verbrauchshistorie',
    path: '/vertrag/$id/verbrauchshistorie',
    contracts: { '10001': [maxDynamic], '10002': [] },
  },
  {
    name: 'vertrag-preiszeitreihe',
    path: '/vertrag/$id/preiszeitreihe',
    contracts: { '10001': [maxDynamic], '10002': [baeckereiCancelled] },
  },
  { name: 'preiszeitreihe', path: '/preiszeitreihe' },
  { name: 'ablesung', path: '/ablesung' },
  {
    name: 'vertrag-ablesung',
    path: '/vertrag/$id/ablesung',
    contracts: { '10001': [maxDayNight], '10002': [baeckereiCancelled, baeckereiOrdered] },
  },
  {
    name: 'ablesungen',
    path: '/vertrag/$id/ablesungen',
    contracts: { '10001': [maxDayNight], '10002': [baeckereiCancelled, baeckereiOrdered] },
  },
  { name: 'passwort-aendern', path: '/passwort/aendern' },
  { name: 'aendere-passwort', path: '/aendere/passwort' },
  // A contract number the customer does not have: what a mistyped or old link shows.
  { name: 'nicht-gefunden', path: `/vertrag/${maxDynamic - 1}/detail` },
];

/** A screen as one visitor or customer opens it: a name for reports and the URL path. */
export interface Visit {
  name: string;
  path: string;
}

/** The screens `who` reaches, with each contract route once per contract it applies to. */
export function visitsOf(who: 'visitor' | Customer): Visit[] {
  return SCREENS.flatMap((screen): Visit[] => {
    if (who === 'visitor' || screen.public)
      return who === 'visitor' && screen.public ? [screen] : [];
    if (!screen.contracts) return [screen];
    const ids = who === '10005' ? [] : screen.contracts[who];
    return ids.map((id) => ({
      name: `${screen.name}-${id}`,
      path: screen.path.replace('$id', String(id)),
    }));
  });
}

/** The two variants' servers (global-setup.ts) and whether a login there asks for the terms. */
export const VARIANTS = [
  { name: 'standard', baseUrl: () => process.env.E2E_BASE_URL!, terms: false },
  { name: 'kuestenwerk', baseUrl: () => process.env.E2E_KUESTENWERK_URL!, terms: true },
] as const;

/** The phone and the desktop width every screen is checked at. */
export const WIDTHS = [390, 1280] as const;

/** The demo contracts get their numbers in seed order (apps/server/src/demo/seed.ts). */
export const CONTRACTS = {
  maxDynamic: 5000001,
  maxGas: 5000002,
  maxDayNight: 5000003,
  maxEnded: 5000004,
  baeckereiCancelled: 5000005,
} as const;

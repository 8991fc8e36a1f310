import { expect, it } from 'vitest';
import { keptInTime } from './kept-queries';

const HOUR = 3600 * 1000;
const since = Date.parse('2026-03-02T08:00:00Z');
const kept = {
  since,
  queries: [{ queryKey: ['kunde'], data: { name: 'Muster' }, updatedAt: since }],
};

it('keeps reads within the session maximum of 12 hours and forgets them after it', () => {
  expect(keptInTime(kept, since + 11 * HOUR)).toBe(kept);
  expect(keptInTime(kept, since + 12 * HOUR)).toBeUndefined();
  expect(keptInTime(kept, since - HOUR)).toBeUndefined();
});

it("follows the server's session maximum", () => {
  expect(keptInTime(kept, since + 7 * HOUR, 8 * HOUR)).toBe(kept);
  expect(keptInTime(kept, since + 8 * HOUR, 8 * HOUR)).toBeUndefined();
  expect(keptInTime(kept, since + 23 * HOUR, 24 * HOUR)).toBe(kept);
});

it('takes reads kept without a time as nothing', () => {
  expect(keptInTime(kept.queries, since)).toBeUndefined();
  expect(keptInTime(undefined, since)).toBeUndefined();
});

import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { keepQueriesOffline, restoreKeptQueries } from './kept-queries';

/**
 * What the kept reads guarantee beyond TanStack Query's persistQueryClient, which saves the
 * whole cache over what was kept and restores at every start: a page loaded on its own keeps
 * what other pages kept, and only an offline start puts kept reads on the screen.
 */

const stored = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: (key: string) => Promise.resolve(stored.get(key)),
  del: (key: string) => Promise.resolve(void stored.delete(key)),
  keys: () => Promise.resolve([...stored.keys()]),
  update: (key: string, change: (value: unknown) => unknown) =>
    Promise.resolve(void stored.set(key, change(stored.get(key)))),
}));
vi.mock('../../config/mandant', () => ({ mandant: { sitzungHoechstdauerStunden: 12 } }));
vi.mock('../../session/session-store', () => ({
  sessionStore: {
    state: () => ({ kind: 'loggedIn', session: { kundennummer: '10001' } }),
    subscribe: () => () => undefined,
  },
}));

const KEY = 'kp-offline-queries:10001';
const keptKeys = () =>
  (stored.get(KEY) as { queries: { queryKey: unknown[] }[] } | undefined)?.queries.map((query) =>
    JSON.stringify(query.queryKey),
  ) ?? [];

afterEach(() => {
  stored.clear();
  vi.restoreAllMocks();
});

it('keeps what an earlier page kept when a page loads on its own', async () => {
  const landing = new QueryClient();
  keepQueriesOffline(landing);
  landing.setQueryData(['summary'], { vertraege: [] });
  landing.setQueryData(['customer'], { vertraege: [5000001] });
  await vi.waitFor(() => expect(keptKeys()).toHaveLength(2));

  // A reload of the reading form: a new cache with the form's reads only.
  const readingForm = new QueryClient();
  keepQueriesOffline(readingForm);
  readingForm.setQueryData(['contracts', 5000001], { id: 5000001 });
  readingForm.setQueryData(['contracts', 5000001, 'meter'], { zaehlernummer: '1EMH' });
  await vi.waitFor(() => expect(keptKeys()).toHaveLength(4));
  expect(keptKeys()).toEqual(
    expect.arrayContaining(['["summary"]', '["customer"]', '["contracts",5000001,"meter"]']),
  );
});

it('puts kept reads into the cache at an offline start only', async () => {
  const before = new QueryClient();
  keepQueriesOffline(before);
  before.setQueryData(['summary'], { vertraege: [] });
  await vi.waitFor(() => expect(keptKeys()).toHaveLength(1));

  const online = new QueryClient();
  await restoreKeptQueries(online);
  expect(online.getQueryData(['summary'])).toBeUndefined();

  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const offline = new QueryClient();
  await restoreKeptQueries(offline);
  expect(offline.getQueryData(['summary'])).toEqual({ vertraege: [] });
});

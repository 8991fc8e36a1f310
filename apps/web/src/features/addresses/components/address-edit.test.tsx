import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingAddress } from '@kundenportal/contract';
import { tomorrowInGermany } from '../../../lib/today';
import { AddressEdit } from './address-edit';

const CONTRACT = 5000001;
const CONFLICT =
  'Die Rechnungsadresse mit diesem Datum „gültig ab“ ist bereits hinterlegt. Bitte wählen Sie ein anderes Datum.';

const general: BillingAddress = {
  id: 2,
  gueltigVon: '2024-01-01',
  gueltigBis: null,
  anrede: 'Herr',
  firma: null,
  vorname: 'Max',
  nachname: 'Mustermann',
  titel: null,
  co: null,
  strasse: 'Musterweg',
  hausnummer: '12a',
  postleitzahl: '12345',
  ort: 'Musterstadt',
  land: 'Deutschland',
  postfach: null,
  vertragId: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The server: the contract has no address of its own, and a second one of the day is refused.
 * A starting address asked for again answers only when the test has ended, as a slow network
 * would: whatever reloads it must not take the form away meanwhile.
 */
function fakeServer() {
  const posted: unknown[] = [];
  const asked = new Set<string>();
  const answer = (url: string, response: () => Response) => {
    if (!asked.has(url)) {
      asked.add(url);
      return Promise.resolve(response());
    }
    return new Promise<Response>((resolve) => later.push(() => resolve(response())));
  };
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.endsWith(`/vertrag/${CONTRACT}/rechnungsadresse/aktuelle`))
      return answer(url, () => json(404, { message: 'Keine Rechnungsadresse.' }));
    if (method === 'GET' && url.endsWith('/anschlussnutzer/aktuelleRechnungsadresse'))
      return answer(url, () => json(200, general));
    if (
      method === 'POST' &&
      (url.endsWith(`/vertrag/${CONTRACT}/rechnungsadresse/anlegen`) ||
        url.endsWith('/anschlussnutzer/rechnungsadresseAnlegen'))
    ) {
      posted.push(JSON.parse(init?.body as string));
      return Promise.resolve(json(409, { message: CONFLICT, felder: { gueltigVon: CONFLICT } }));
    }
    return Promise.resolve(json(500, { message: `unerwartet: ${method} ${url}` }));
  });
  return { fetch, posted };
}
let later: (() => void)[] = [];

afterEach(() => {
  cleanup();
  for (const release of later) release();
  later = [];
  vi.unstubAllGlobals();
});

function renderForm(contractId: number | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <AddressEdit contractId={contractId} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone };
}

const valueOf = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name }).value;

const tomorrowLabel = () => {
  const [year, month, day] = tomorrowInGermany().split('-').map(Number);
  const name = new Intl.DateTimeFormat('de-DE', { month: 'long' }).format(
    new Date(Date.UTC(year!, month! - 1, 15)),
  );
  return new RegExp(`\\b${day}\\. ${name} ${year}`);
};

describe('the billing address form refused by the server (409)', () => {
  it.each([
    ['of a contract', CONTRACT],
    ['of the customer', null],
  ])('%s shows the German message and keeps what was typed', async (_, contractId) => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    const { onDone } = renderForm(contractId);
    const street = await screen.findByRole('textbox', { name: 'Straße' });
    expect(valueOf('Straße')).toBe('Musterweg');
    fireEvent.change(street, { target: { value: 'Neue Allee' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Hausnummer' }), {
      target: { value: '8-10' },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Gültig ab/ }));
    fireEvent.click(
      await within(screen.getByRole('dialog')).findByRole('button', { name: tomorrowLabel() }),
    );
    const save = screen.getByRole('button', { name: 'Speichern' });
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(save);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CONFLICT);
    expect(server.posted).toHaveLength(1);
    expect(server.posted[0]).toMatchObject({ strasse: 'Neue Allee', hausnummer: '8-10' });
    // The form stays as typed.
    expect(valueOf('Straße')).toBe('Neue Allee');
    expect(valueOf('Hausnummer')).toBe('8-10');
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('the billing address form while its starting address loads', () => {
  it('shows the rows of a form as a skeleton, one status, and no fields yet', async () => {
    let release: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(json(200, general));
          }),
      ),
    );
    renderForm(null);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Wird geladen …');
    expect(status.querySelectorAll('.skeleton-field')).toHaveLength(6);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();

    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect(await screen.findByRole('textbox', { name: 'Straße' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the billing address form when the Anrede changes', () => {
  it('takes away a message of a rule no longer asked for', async () => {
    vi.stubGlobal('fetch', fakeServer().fetch);
    renderForm(null);
    const anrede = await screen.findByRole('combobox', { name: 'Anrede' });
    fireEvent.change(anrede, { target: { value: 'Firma' } });
    const firma = await screen.findByRole('textbox', { name: 'Firma' });
    fireEvent.change(firma, { target: { value: 'B' } });
    fireEvent.blur(firma);
    const message = 'Bitte geben Sie den Firmennamen mit mindestens 2 Zeichen an.';
    expect(await screen.findByText(message)).toBeTruthy();

    fireEvent.change(anrede, { target: { value: 'Herr' } });
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Firma (optional)' }).value).toBe(
      'B',
    );
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  READING_DECIMAL_POINT_MESSAGE,
  readingValueMessage,
  type Meter,
} from '@kundenportal/contract';
import type { MeterChoice } from './meter-choice';
import { ReadingForm } from './reading-form';

const GAS = 5000002;
const CHANNEL = '7-1:3.0.0';
const gasMeter: Meter = {
  nummer: '7ELS8123456',
  kanaele: [{ obiskennzahl: CHANNEL, vorkommastellen: 5, nachkommastellen: 3 }],
};
const choice: MeterChoice = {
  contractId: GAS,
  meter: gasMeter,
  lieferbeginn: '2023-10-01',
  lieferende: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const UNUSUAL = 'Der Zählerstand liegt weit über dem erwarteten Zählerstand.';

/**
 * The server: every value is plausible (or none, with UNUSUAL), and a posted reading is refused
 * at its channel.
 */
function fakeServer(refusal: string, plausibel = true) {
  const posted: { ablesewerte: Record<string, number> }[] = [];
  const checked: string[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url.includes(`/vertrag/${GAS}/ablesungen/plausibilisiere`)) {
      checked.push(url);
      return Promise.resolve(
        json(200, {
          plausibel,
          hinweise: plausibel ? [] : [{ obiskennzahl: CHANNEL, hinweis: UNUSUAL }],
        }),
      );
    }
    if (init?.method === 'POST' && url.endsWith(`/vertrag/${GAS}/ablesungen`)) {
      posted.push(JSON.parse(init.body as string));
      return Promise.resolve(
        json(400, {
          message: refusal,
          hinweis: refusal,
          felder: { [`ablesewerte.${CHANNEL}`]: refusal },
        }),
      );
    }
    return Promise.resolve(json(500, { message: 'unerwartet' }));
  });
  vi.stubGlobal('fetch', fetch);
  return { posted, checked };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderForm(meterChoice = choice, name = 'Zählerstand') {
  const root = createRootRoute({
    component: () => (
      <ReadingForm
        choices={[meterChoice]}
        initialKey={`${GAS}:${meterChoice.meter.nummer}`}
        fixedMeter
      />
    ),
  });
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const field = await screen.findByRole<HTMLInputElement>('textbox', { name });
  const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Ablesung übermitteln' });
  return { field, submit };
}

describe('the reading value (spec §5)', () => {
  it.each(['5.300', '16.150,5', '5300.5'])(
    'refuses the point in %j with a German message, keeping what was typed',
    async (typed) => {
      const { field, submit } = await renderForm();
      fireEvent.change(field, { target: { value: typed } });
      expect(await screen.findByText(READING_DECIMAL_POINT_MESSAGE)).toBeTruthy();
      expect(field.value).toBe(typed);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(submit.getAttribute('aria-disabled')).toBe('true');
    },
  );

  it('says the digits a channel allows when there are too many', async () => {
    const { field, submit } = await renderForm();
    fireEvent.change(field, { target: { value: '5,3001' } });
    // The description under the field turns into its message, shown once. The description
    // already names the digits, so wait for the refusal itself, not for the text.
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(readingValueMessage(5, 3))).toHaveLength(1);
    expect(submit.getAttribute('aria-disabled')).toBe('true');
  });

  it('sends "5300" as 5300 and "5,3" as 5.3, and shows a refusal at the channel', async () => {
    const refusal = 'Der Zählerstand ist für diesen Zähler nicht möglich.';
    const server = fakeServer(refusal);
    const { field, submit } = await renderForm();

    fireEvent.change(field, { target: { value: '5300' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(submit);
    await waitFor(() => expect(server.posted).toHaveLength(1));
    expect(server.posted[0]?.ablesewerte).toEqual({ [CHANNEL]: 5300 });
    // The refusal shows above the form and at the channel it names.
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
    expect(field.value).toBe('5300');

    fireEvent.change(field, { target: { value: '5,3' } });
    await waitFor(() => expect(screen.queryAllByText(refusal)).toHaveLength(0));
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(submit);
    await waitFor(() => expect(server.posted).toHaveLength(2));
    expect(server.posted[1]?.ablesewerte).toEqual({ [CHANNEL]: 5.3 });
  });
});

/** The texts an element's aria-describedby names, joined. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the registers', () => {
  it('names each register as its display does, with its unit and last reading beside it', async () => {
    const dayNight: MeterChoice = {
      ...choice,
      meter: {
        nummer: '1APX5523001',
        kanaele: [
          { obiskennzahl: '1-1:1.8.1', vorkommastellen: 6, nachkommastellen: 1 },
          { obiskennzahl: '1-1:1.8.2', vorkommastellen: 6, nachkommastellen: 1 },
        ],
        letzteAblesung: {
          ablesedatum: '2025-04-30',
          ablesewerte: { '1-1:1.8.1': 24688, '1-1:1.8.2': 10402.9 },
        },
      },
    };
    const { field } = await renderForm(dayNight, 'Hochtarif (HT) 1-1:1.8.1');
    const night = screen.getByRole('textbox', { name: 'Niedertarif (NT) 1-1:1.8.2' });
    expect(description(field)).toContain('Letzter Stand: 24.688,00 kWh am 30.04.2025');
    expect(description(night)).toContain('Letzter Stand: 10.402,90 kWh am 30.04.2025');
    expect(screen.getAllByText('kWh', { exact: true })).toHaveLength(2);
  });

  it('shows no last reading for a meter without one, and its unit', async () => {
    const { field } = await renderForm();
    expect(description(field)).not.toContain('Letzter Stand');
    expect(screen.getByText('m³', { exact: true })).toBeTruthy();
  });
});

describe('the submit', () => {
  it('says what is missing while it is disabled', async () => {
    const { field, submit } = await renderForm();
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(description(submit)).toBe('Es fehlt noch: Zählerstand.');
    fireEvent.change(field, { target: { value: '5.300' } });
    await waitFor(() => expect(description(submit)).toBe('Bitte prüfen: Zählerstand.'));
    fireEvent.change(field, { target: { value: '5300' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    expect(submit.getAttribute('aria-describedby')).toBeNull();
  });

  it('is the only one after a plausibility warning, and then confirms without a second check', async () => {
    const server = fakeServer('unbenutzt', false);
    const { field, submit } = await renderForm();
    fireEvent.change(field, { target: { value: '99999,999' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(submit);
    expect(await screen.findByText(UNUSUAL)).toBeTruthy();
    expect(server.posted).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Ablesung übermitteln' })).toBeNull();
    const confirm = screen.getAllByRole('button', {
      name: 'Zählerstand bestätigen und übermitteln',
    });
    expect(confirm).toHaveLength(1);
    expect(confirm[0]).toBe(submit);

    fireEvent.click(submit);
    await waitFor(() => expect(server.posted).toHaveLength(1));
    expect(server.checked).toHaveLength(1);
  });

  it('checks again when the value changed after the warning', async () => {
    const server = fakeServer('unbenutzt', false);
    const { field, submit } = await renderForm();
    fireEvent.change(field, { target: { value: '99999,999' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(submit);
    expect(await screen.findByText(UNUSUAL)).toBeTruthy();
    fireEvent.change(field, { target: { value: '99999,99' } });
    await waitFor(() => expect(screen.queryByText(UNUSUAL)).toBeNull());
    expect(submit.textContent).toBe('Ablesung übermitteln');
    fireEvent.click(submit);
    await waitFor(() => expect(server.checked).toHaveLength(2));
    expect(server.posted).toHaveLength(0);
  });
});

describe('the Idempotency-Key', () => {
  it('keeps the key when the same reading is sent again, and makes a new one for another', async () => {
    const keys: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST' && url.endsWith(`/vertrag/${GAS}/ablesungen`)) {
          keys.push(new Headers(init.headers).get('idempotency-key') ?? '');
          // Server trouble: not a refusal, so the customer may simply send it again.
          return Promise.resolve(json(503, { message: 'Wartung' }));
        }
        return Promise.resolve(json(200, { plausibel: true, hinweise: [] }));
      }),
    );
    const { field, submit } = await renderForm();
    fireEvent.change(field, { target: { value: '5300' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(submit);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(submit);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(keys[1]).toBe(keys[0]);

    fireEvent.change(field, { target: { value: '5301' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(submit);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });
});

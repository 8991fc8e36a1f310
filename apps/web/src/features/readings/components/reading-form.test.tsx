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
import { ReadingForm, type MeterChoice } from './reading-form';

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

/** The server: every value is plausible, and a posted reading is refused at its channel. */
function fakeServer(refusal: string) {
  const posted: { ablesewerte: Record<string, number> }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url.includes(`/vertrag/${GAS}/ablesungen/plausibilisiere`))
      return Promise.resolve(json(200, { plausibel: true, hinweise: [] }));
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
  return { posted };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderForm() {
  const root = createRootRoute({
    component: () => (
      <ReadingForm choices={[choice]} initialKey={`${GAS}:7ELS8123456`} fixedMeter />
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
  const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Zählerstand' });
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
      expect(submit.disabled).toBe(true);
    },
  );

  it('says the digits a channel allows when there are too many', async () => {
    const { field, submit } = await renderForm();
    fireEvent.change(field, { target: { value: '5,3001' } });
    // The description under the field turns into its message, shown once.
    expect(await screen.findAllByText(readingValueMessage(5, 3))).toHaveLength(1);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(submit.disabled).toBe(true);
  });

  it('sends "5300" as 5300 and "5,3" as 5.3, and shows a refusal at the channel', async () => {
    const refusal = 'Der Zählerstand ist für diesen Zähler nicht möglich.';
    const server = fakeServer(refusal);
    const { field, submit } = await renderForm();

    fireEvent.change(field, { target: { value: '5300' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(server.posted).toHaveLength(1));
    expect(server.posted[0]?.ablesewerte).toEqual({ [CHANNEL]: 5300 });
    // The refusal shows above the form and at the channel it names.
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
    expect(field.value).toBe('5300');

    fireEvent.change(field, { target: { value: '5,3' } });
    await waitFor(() => expect(screen.queryAllByText(refusal)).toHaveLength(0));
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(server.posted).toHaveLength(2));
    expect(server.posted[1]?.ablesewerte).toEqual({ [CHANNEL]: 5.3 });
  });
});

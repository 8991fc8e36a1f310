import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_SUBJECT_MESSAGE,
  CONTACT_TEXT_MESSAGE,
  Messages,
  Paths,
} from '@kundenportal/contract';
import { ContactRequestForm } from './contact-request-form';

const navigate = vi.fn(() => Promise.resolve());
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useNavigate: () => navigate,
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  navigate.mockClear();
});

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ContactRequestForm />
    </QueryClientProvider>,
  );
  return {
    subject: screen.getByLabelText('Betreff'),
    text: screen.getByLabelText('Ihre Nachricht'),
    send: screen.getByRole('button', { name: 'Senden' }),
  };
}

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The texts a control names in aria-describedby, as a screen reader reads them after it. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const TEXT = 'Bitte passen Sie meinen Abschlag an.';

/** A complete request, ready to send. */
async function fillValid() {
  const fields = renderForm();
  fireEvent.change(fields.subject, { target: { value: 'ABSCHLAGSAENDERUNG' } });
  fireEvent.change(fields.text, { target: { value: TEXT } });
  await waitFor(() => expect(fields.send.getAttribute('aria-disabled')).toBe('false'));
  return fields;
}

describe('ContactRequestForm', () => {
  it('says it is empty, then shows the hints once the text has more than one character', async () => {
    const { subject, text, send } = renderForm();
    expect(screen.getByText(Messages.emptyForm)).toBeTruthy();
    expect(send.getAttribute('aria-disabled')).toBe('true');
    // The disabled "Senden" says why, quietly: no alert, no status.
    expect(description(send)).toBe(
      'Das Formular ist leer. Es fehlt noch: Betreff, Ihre Nachricht.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();

    fireEvent.change(text, { target: { value: 'a' } });
    await waitFor(() => expect(screen.queryByText(Messages.emptyForm)).toBeNull());
    expect(description(send)).toBe('Es fehlt noch: Betreff. Bitte prüfen: Ihre Nachricht.');
    expect(screen.queryByText(CONTACT_SUBJECT_MESSAGE)).toBeNull();
    expect(screen.queryByText(CONTACT_TEXT_MESSAGE)).toBeNull();

    fireEvent.change(text, { target: { value: 'x'.repeat(19) } });
    expect(await screen.findByText(CONTACT_SUBJECT_MESSAGE)).toBeTruthy();
    expect(screen.getByText(CONTACT_TEXT_MESSAGE)).toBeTruthy();
    expect(description(text)).toContain(CONTACT_TEXT_MESSAGE);

    fireEvent.change(subject, { target: { value: 'SONSTIGES' } });
    await waitFor(() => expect(screen.queryByText(CONTACT_SUBJECT_MESSAGE)).toBeNull());
    expect(send.getAttribute('aria-disabled')).toBe('true');

    fireEvent.change(text, { target: { value: 'x'.repeat(20) } });
    await waitFor(() => expect(send.getAttribute('aria-disabled')).toBe('false'));
    expect(screen.queryByText(CONTACT_TEXT_MESSAGE)).toBeNull();
  });

  it("sends the contract fields and goes to the confirmation with the request's number", async () => {
    fetchMock.mockResolvedValue(answer(201, { anfrageNr: 4711 }));
    const { send } = await fillValid();
    fireEvent.click(send);

    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({
        to: Paths.contactRequestDone,
        search: { anfrage: 4711 },
      }),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toEqual(expect.stringMatching(/\/anschlussnutzer\/kontaktanfrage$/));
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ betreff: 'ABSCHLAGSAENDERUNG', text: TEXT });
  });

  it("puts a 400's field messages on the fields and keeps what was typed", async () => {
    const refusal = 'Die Nachricht enthält Zeichen, die wir nicht speichern können.';
    fetchMock.mockResolvedValue(
      answer(400, { message: 'Die Eingaben sind ungültig.', felder: { text: refusal } }),
    );
    const { subject, text, send } = await fillValid();
    fireEvent.click(send);

    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(description(text)).toContain(refusal);
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(text);
    expect((text as HTMLInputElement).value).toBe(TEXT);
    expect((subject as HTMLInputElement).value).toBe('ABSCHLAGSAENDERUNG');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    // Typing again answers the schema again: the server's message goes.
    fireEvent.change(text, { target: { value: `${TEXT} Danke.` } });
    await waitFor(() => expect(screen.queryByText(refusal)).toBeNull());
  });

  it('shows the text of spec §8.1 for a 5xx and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(answer(503, { message: 'intern' }));
    const { subject, text, send } = await fillValid();
    fireEvent.click(send);

    expect((await screen.findByRole('alert')).textContent).toBe(Messages.unexpectedTechnicalError);
    expect((text as HTMLInputElement).value).toBe(TEXT);
    expect((subject as HTMLInputElement).value).toBe('ABSCHLAGSAENDERUNG');
    expect(navigate).not.toHaveBeenCalled();

    // Not the customer's doing: the same request can go again at once.
    expect(send.getAttribute('aria-disabled')).toBe('false');
    fetchMock.mockResolvedValue(answer(201, { anfrageNr: 4711 }));
    fireEvent.click(send);
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({
        to: Paths.contactRequestDone,
        search: { anfrage: 4711 },
      }),
    );
  });

  it("shows the server's message for a refusal without field messages (spec §8.4)", async () => {
    const limit = 'Sie haben heute schon viele Anfragen gesendet.';
    fetchMock.mockResolvedValue(answer(429, { message: limit }));
    const { send } = await fillValid();
    fireEvent.click(send);

    expect((await screen.findByRole('alert')).textContent).toBe(limit);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmailChangeMessages, Paths, type Customer } from '@kundenportal/contract';
import { ContactForm } from './contact-form';

const navigate = vi.fn(() => Promise.resolve());
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useNavigate: () => navigate,
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  navigate.mockClear();
});

const customer: Customer = {
  kundennummer: '10001',
  anrede: 'Herr',
  titel: null,
  vorname: 'Max',
  nachname: 'Mustermann',
  firma: null,
  geburtsdatum: null,
  email: 'max@example.de',
  festnetz: '030 123',
  mobil: null,
  fax: null,
  vertraege: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ContactForm customer={customer} />
    </QueryClientProvider>,
  );
  return {
    email: screen.getByLabelText<HTMLInputElement>('E-Mail (optional)'),
    submit: screen.getByRole<HTMLButtonElement>('button', { name: 'Aktualisieren' }),
  };
}

const password = () => screen.queryByLabelText<HTMLInputElement>(EmailChangeMessages.passwordLabel);

describe('ContactForm', () => {
  it('refuses a malformed e-mail with the spec’s text', async () => {
    const { email, submit } = renderForm();
    fireEvent.change(email, { target: { value: 'max@@example.de' } });
    expect(await screen.findByText('Die angegebene Email ist ungültig.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(submit.getAttribute('aria-disabled')).toBe('true');
  });

  it('asks for the password once the e-mail differs, and says so at the submit', async () => {
    const { email, submit } = renderForm();
    expect(password()).toBeNull();
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));

    fireEvent.change(email, { target: { value: 'neu@example.de' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('true'));
    expect(password()).not.toBeNull();
    const reason = document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(`Es fehlt noch: ${EmailChangeMessages.passwordLabel}.`);

    fireEvent.change(password()!, { target: { value: 'geheim' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));

    // Back to the stored address: no password needed, and none sent.
    fireEvent.change(email, { target: { value: ' max@example.de ' } });
    await waitFor(() => expect(password()).toBeNull());
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
  });

  it('puts a wrong password on its field and keeps everything typed', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        message: EmailChangeMessages.passwordWrong,
        felder: { passwort: EmailChangeMessages.passwordWrong },
      }),
    );
    const { email, submit } = renderForm();
    fireEvent.change(email, { target: { value: 'neu@example.de' } });
    await waitFor(() => expect(password()).not.toBeNull());
    fireEvent.change(password()!, { target: { value: 'geraten' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(submit);

    expect(await screen.findByText(EmailChangeMessages.passwordWrong)).toBeTruthy();
    expect(password()!.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password());
    expect(email.value).toBe('neu@example.de');
    expect(password()!.value).toBe('geraten');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).has('passwort')).toBe(true);
    expect(JSON.parse(init?.body as string)).toEqual({
      email: 'neu@example.de',
      festnetz: '030 123',
      mobil: null,
      fax: null,
    });
  });

  it('saves the phone numbers without a password and goes back to the overview', async () => {
    fetchMock.mockResolvedValue(json(200, { ...customer, mobil: '0170 1' }));
    const { submit } = renderForm();
    fireEvent.change(screen.getByLabelText('Mobil (optional)'), { target: { value: ' 0170 1 ' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(submit);

    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: Paths.dataOverview }));
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).has('passwort')).toBe(false);
    expect(JSON.parse(init?.body as string)).toMatchObject({ mobil: '0170 1' });
  });
});

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CustomerSchema, type UpdateContactForm } from '@kundenportal/contract';
import { apiSend } from '../../../lib/api-client';
import { passwordHeaderValue } from '../../../lib/password-header';

/** The password goes along only when the e-mail changes (the server asks for it then). */
export const updateContact = ({ passwort, ...input }: UpdateContactForm) =>
  apiSend(
    '/anschlussnutzer/kontaktdatenAktualisieren',
    {
      method: 'PUT',
      body: input,
      ...(passwort && { headers: { passwort: passwordHeaderValue(passwort) } }),
    },
    CustomerSchema,
  );

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (customer) => queryClient.setQueryData(['customer'], customer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['customer'], exact: true }),
        queryClient.invalidateQueries({ queryKey: ['pending-email'], exact: true }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CustomerSchema, type UpdateContactInput } from '@kundenportal/contract';
import { apiRequest } from '../../../lib/api-client';
import { passwordHeaderValue } from '../../../lib/password-header';

/** The password goes along only when the e-mail changes (the server asks for it then). */
export const updateContact = async ({
  passwort,
  ...input
}: UpdateContactInput & { passwort?: string }) =>
  CustomerSchema.parse(
    (
      await apiRequest('/anschlussnutzer/kontaktdatenAktualisieren', {
        method: 'PUT',
        body: input,
        ...(passwort && { headers: { passwort: passwordHeaderValue(passwort) } }),
      })
    ).body,
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

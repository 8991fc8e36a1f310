import { createFileRoute, redirect } from '@tanstack/react-router';
import { Paths } from '@kundenportal/contract';

/** /vertrag/$id alone is no screen: it leads to / as any unknown path does (spec §2.1). */
export const Route = createFileRoute('/vertrag/$id/')({
  beforeLoad: () => {
    throw redirect({ to: Paths.home, replace: true });
  },
});

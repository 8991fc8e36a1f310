import { createFileRoute, redirect } from '@tanstack/react-router';
import { Paths } from '@kundenportal/contract';

/** Any unknown path leads to / (spec §2.1); the guard then decides where the customer lands. */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: Paths.home, replace: true });
  },
});

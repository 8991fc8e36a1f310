import { CONTRACT_LOAD_FAILED_MESSAGE, parseHistorySearch } from '@kundenportal/contract';
import { createFileRoute, Link } from '@tanstack/react-router';
import { historyQueryOptions } from '../features/consumption/api/get-history';
import { ConsumptionHistory } from '../features/consumption/components/consumption-history';
import { viewOf } from '../features/consumption/components/history-view';
import { useContract } from '../features/contracts/api/get-contract';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';
import { PageSkeleton, SkeletonChart } from '../ui/skeleton';

export const Route = createFileRoute('/vertrag/$id/verbrauchshistorie')({
  // Mode and day live in the URL: back, reload and a shared link keep the view.
  validateSearch: parseHistorySearch,
  loader: ({ context: { contract, queryClient }, params, location }) => {
    const { mode, window } = viewOf(parseHistorySearch(location.search), new Date());
    // The first range's values are asked for beside the contract, not after the page has shown:
    // one round trip less before they show. The page waits only for the contract; a failure of
    // the values is the page's to show (prefetchQuery never throws). No loaderDeps: a new view
    // is the same page (the focus stays on the control that chose it), its values come by query.
    void queryClient.prefetchQuery(historyQueryOptions(params.id, mode, window.from, window.to));
    return contract;
  },
  component: HistoryPage,
  pendingComponent: function PendingHistory() {
    const { id } = Route.useParams();
    return (
      <PageSkeleton heading={`Verbrauchshistorie für Vertrag ${id}`}>
        <section className="card">
          <SkeletonChart />
        </section>
      </PageSkeleton>
    );
  },
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

function HistoryPage() {
  const { id } = Route.useParams();
  const { data: contract } = useContract(id);
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeading>{`Verbrauchshistorie für Vertrag ${id}`}</PageHeading>
      <ConsumptionHistory
        contract={contract}
        search={Route.useSearch()}
        onView={(search) => void navigate({ search, resetScroll: false })}
      />
      <Link to="/vertrag/$id/detail" params={{ id }} className="button button-secondary">
        Zurück
      </Link>
    </>
  );
}

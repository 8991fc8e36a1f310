import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Messages, nextValidFrom, overviewHints, overviewHintText } from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../lib/api-client';
import { todayInGermany } from '../../lib/today';
import { Alert } from '../../ui/alert';
import { Skeleton } from '../../ui/skeleton';

const LIST_ERROR = Messages.unknownError;

type RowsQuery = UseQueryResult<
  { gueltigVon: string; gueltigBis: string | null; vertragId: number | null }[]
>;
type RowKind = 'rechnungsadresse' | 'bankverbindung';

/** The info hints of spec §2.4 for one kind of rows, once the list has loaded. */
function hintsOf(rows: RowsQuery, kind: RowKind) {
  if (!rows.data) return [];
  const today = todayInGermany();
  return overviewHints(rows.data, today).map((hint) => ({
    hint,
    text: overviewHintText(hint, kind, nextValidFrom(rows.data, today)),
  }));
}

/**
 * A card with the current entry, or the text of spec §8.5 when there is none (404), the hints
 * and the actions; a failed load shows the red error and the card's reload.
 */
export function CurrentCard<T>({
  title,
  query,
  list,
  kind,
  noneText,
  children,
  actions,
}: {
  title: string;
  query: UseQueryResult<T>;
  list: RowsQuery;
  kind: RowKind;
  noneText: string;
  children: (data: T) => ReactNode;
  actions: ReactNode;
}) {
  const none = query.error instanceof ApiError && query.error.status === 404;
  const fetching = query.isFetching || list.isFetching;
  const hints = hintsOf(list, kind);
  // With nothing at all, the "none registered" hint joins the §8.5 text in one box.
  const nothing = none ? hints.find(({ hint }) => hint === 'keine') : undefined;
  return (
    <section className="card" aria-busy={fetching || undefined}>
      <h2>{title}</h2>
      {query.isPending ? (
        <Skeleton lines={3} />
      ) : none ? (
        <Alert tone="info">
          <span className="line">{noneText}</span>
          {nothing && <span className="line">{nothing.text}</span>}
        </Alert>
      ) : query.isError ? (
        <Alert tone="error">{errorMessage(query.error, LIST_ERROR)}</Alert>
      ) : (
        children(query.data)
      )}
      {list.isError && <Alert tone="error">{errorMessage(list.error, LIST_ERROR)}</Alert>}
      {((query.isError && !none) || list.isError) && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            void query.refetch();
            void list.refetch();
          }}
          disabled={fetching}
        >
          {title} neu laden
        </button>
      )}
      {hints
        .filter((shown) => shown !== nothing)
        .map(({ hint, text }) => (
          <Alert key={hint} tone="info">
            {text}
          </Alert>
        ))}
      <div className="button-row">{actions}</div>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { searchText } from './search-text';

/** The query of a mail's link: its token alone. */
export const linkTokenSearch = (search: Record<string, unknown>) => ({
  token: searchText(search.token),
});

/**
 * A mail link's token, read once as the page opens. Then it leaves the address bar: no history
 * entry, page cache or screenshot of the address keeps a link that is still live.
 */
export function useLinkToken(search: unknown): string | undefined {
  const [token] = useState(() => linkTokenSearch(search as Record<string, unknown>).token);
  useEffect(() => {
    if (window.location.search)
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}

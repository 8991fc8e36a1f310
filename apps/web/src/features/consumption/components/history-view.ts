import {
  clampReferenceDay,
  defaultReferenceDay,
  historyWindow,
  type HistoryMode,
  type HistorySearch,
} from '@kundenportal/contract';

/** The page opens on "Preisübersicht 48h" (spec §2.4) at the latest day it may show. */
const INITIAL_MODE: HistoryMode = 'STUENDLICH';

/** The view a link names: its mode and reference day, brought into the mode's limit. */
export function viewOf(search: HistorySearch, now: Date) {
  const mode = search.ansicht ?? INITIAL_MODE;
  const day = clampReferenceDay(mode, search.tag ?? defaultReferenceDay(mode, now), now);
  return { mode, day, window: historyWindow(mode, day, now) };
}

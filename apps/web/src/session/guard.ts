import {
  MAIL_LINK_PATHS,
  PASSWORD_CHANGE_PATHS,
  Paths,
  PUBLIC_PATHS,
} from '@kundenportal/contract';
import type { SessionState } from './session-store';

/** The route guard of spec §2.1: where a path leads, or undefined to stay. */
export function guardRedirect(
  pathname: string,
  state: SessionState['kind'],
  portalGesperrt: boolean,
): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (portalGesperrt) return path === Paths.blocked ? undefined : Paths.blocked;
  if (MAIL_LINK_PATHS.includes(path)) return undefined;
  if (state === 'forcedChange') {
    return PASSWORD_CHANGE_PATHS.includes(path) ? undefined : Paths.forcedPasswordChange;
  }
  if (PUBLIC_PATHS.includes(path)) return state === 'loggedIn' ? Paths.home : undefined;
  return state === 'loggedOut' ? Paths.login : undefined;
}

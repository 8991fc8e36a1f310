import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Paths } from '@kundenportal/contract';
import { Brand } from './brand';
import { LogoutDialog } from './logout-dialog';
import { useLogout } from './use-logout';
import { HomeIcon, MenuIcon } from '../../ui/icons';

/**
 * Spec §2.5: the brand always; the links only when logged in and not on the login page. On a
 * phone the links fold behind a "Menü" button (one row of header instead of three); each
 * destination has the name its landing button has.
 */
export function NavigationBar({ showLinks }: { showLinks: boolean }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(pathname);
  const toggle = useRef<HTMLButtonElement>(null);
  // A chosen destination closes the menu: the next page starts with its heading in view.
  // (React's "adjust state while rendering" pattern, not an effect: no extra render pass.)
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  const { waiting, onLogout, endSession, deleteAndLogout, stayLoggedIn } = useLogout();
  const logoutButton = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className="navbar" data-open={open || undefined} onKeyDown={closeOnEscape}>
      <div className="navbar-inner">
        <Brand />
        {showLinks && (
          <>
            <button
              ref={toggle}
              type="button"
              className="nav-toggle"
              aria-expanded={open}
              aria-controls="hauptnavigation"
              onClick={() => setOpen(!open)}
            >
              <MenuIcon open={open} />
              Menü
            </button>
            <nav id="hauptnavigation" aria-label="Hauptnavigation">
              <ul className="nav-links">
                <li>
                  <Link to={Paths.home} activeOptions={{ exact: true }}>
                    <HomeIcon />
                    <span className="nav-home-text">Startseite</span>
                  </Link>
                </li>
                <li>
                  <Link to={Paths.dataOverview}>Datenübersicht</Link>
                </li>
                <li>
                  <Link to={Paths.documents}>Dokumente</Link>
                </li>
                <li>
                  {/* A plain navigation carries no state: the cancellation result of /vertraege ends. */}
                  <Link to={Paths.contracts}>Verträge</Link>
                </li>
                <li>
                  <Link to={Paths.contactRequest}>Kontakt</Link>
                </li>
                <li>
                  <button
                    ref={logoutButton}
                    type="button"
                    className="nav-button"
                    onClick={() => void onLogout()}
                  >
                    Abmelden
                  </button>
                  {waiting.length > 0 && (
                    <LogoutDialog
                      waiting={waiting.length}
                      onKeep={() => void endSession()}
                      onDelete={() => void deleteAndLogout()}
                      onCancel={() => {
                        stayLoggedIn();
                        logoutButton.current?.focus();
                      }}
                    />
                  )}
                </li>
              </ul>
            </nav>
          </>
        )}
      </div>
    </div>
  );
}

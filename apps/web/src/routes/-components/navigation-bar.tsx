import { Link, useNavigate } from '@tanstack/react-router';
import { Paths } from '@kundenportal/contract';
import { mandant } from '../../config/mandant';
import { logout } from '../../features/auth/api/logout';
import { HomeIcon } from '../../ui/icons';

function Brand() {
  const content = mandant.logoUrl ? (
    <img src={mandant.logoUrl} alt={mandant.name} />
  ) : (
    mandant.kurzname
  );
  if (!mandant.markenLink) return <span className="brand">{content}</span>;
  return mandant.markenLink.startsWith('/') ? (
    <Link to={mandant.markenLink} className="brand">
      {content}
    </Link>
  ) : (
    <a href={mandant.markenLink} className="brand">
      {content}
    </a>
  );
}

/** Spec §2.5: the brand always; the links only when logged in and not on the login page. */
export function NavigationBar({ showLinks }: { showLinks: boolean }) {
  const navigate = useNavigate();
  const onLogout = async () => {
    await logout();
    await navigate({ to: Paths.login });
  };
  return (
    <div className="navbar">
      <div className="navbar-inner">
        <Brand />
        {showLinks && (
          <nav aria-label="Hauptnavigation">
            <ul className="nav-links">
              <li>
                <Link to={Paths.home} aria-label="Startseite" activeOptions={{ exact: true }}>
                  <HomeIcon />
                </Link>
              </li>
              <li>
                <Link to={Paths.dataOverview}>Übersicht</Link>
              </li>
              <li>
                <Link to={Paths.documents}>Dokumente</Link>
              </li>
              <li>
                {/* A plain navigation carries no state: the cancellation result of /vertraege ends. */}
                <Link to={Paths.contracts}>Verträge</Link>
              </li>
              <li>
                <Link to={Paths.contactRequest}>Kontaktanfrage</Link>
              </li>
              <li>
                <button type="button" className="nav-button" onClick={() => void onLogout()}>
                  Abmelden
                </button>
              </li>
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import { mandant } from '../../config/mandant';

/** The variant's logo or short name, linked where its file names a link. */
export function Brand() {
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

import { mandant } from '../../config/mandant';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <span>© {mandant.name}</span>
      <ul>
        {mandant.fusszeileLinks.map((link) => (
          <li key={link.url}>
            <a href={link.url} target="_blank" rel="noreferrer">
              {link.text}
            </a>
          </li>
        ))}
      </ul>
    </footer>
  );
}

import { es } from '../../i18n/es';
import { esCookiePolicy as texts } from './es-cookie-policy';
import './cookies.css';

export function CookiePolicyPage() {
  return (
    <article className="page page--narrow cookie-policy">
      <title>{es.documentTitle(texts.title)}</title>
      <h1>{texts.title}</h1>
      <p>{texts.intro}</p>
      {/*
        No scroll box: a table scrolled sideways needs a keyboard stop of its own (axe's
        scrollable-region-focusable) and hides columns on a phone. Under 600 px each cookie
        is a block of its own, each value after its column's name (cookies.css).
      */}
      <table className="cookie-table">
        <caption>{texts.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.columns.cookie}</th>
            <th scope="col">{texts.columns.purpose}</th>
            <th scope="col">{texts.columns.duration}</th>
            <th scope="col">{texts.columns.intrusiveness}</th>
          </tr>
        </thead>
        <tbody>
          {texts.rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td data-label={texts.columns.purpose}>{row.purpose}</td>
              <td data-label={texts.columns.duration}>{row.duration}</td>
              <td data-label={texts.columns.intrusiveness}>
                <span className={`intrusiveness intrusiveness--${row.intrusiveness}`}>
                  {row.intrusiveness}
                  <span className="visually-hidden">{texts.intrusivenessSuffix}</span>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{texts.levelsTitle}</h2>
      <ul>
        {texts.levels.map((level) => (
          <li key={level}>{level}</li>
        ))}
      </ul>
      <p>{texts.manage}</p>
    </article>
  );
}

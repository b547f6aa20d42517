import { recapTexts as texts } from './messages';

/**
 * How the d20 fell, one bar per face: the bars are for the eye, the list under them says the same
 * to assistive technologies.
 */
export function D20Chart({ faces }: { faces: readonly number[] }) {
  const total = faces.reduce((sum, count) => sum + count, 0);
  const highest = Math.max(1, ...faces);
  return (
    <figure className="recap__d20">
      <div className="recap__bars" aria-hidden="true">
        {faces.map((count, index) => (
          <div key={index} className="recap__bar">
            <span className="recap__bar-fill" style={{ height: `${(count / highest) * 100}%` }} />
            <span className="recap__bar-face">{index + 1}</span>
          </div>
        ))}
      </div>
      <figcaption>
        <span>{texts.d20Summary(total)}</span>
        {total > 0 && (
          <ul className="visually-hidden" aria-label={texts.faces}>
            {faces.map((count, index) => (
              <li key={index}>{texts.face(index + 1, count)}</li>
            ))}
          </ul>
        )}
      </figcaption>
    </figure>
  );
}

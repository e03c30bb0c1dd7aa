import type { Landing } from '@taquilla/contract';
import { ContentImage, SQUARE_BOX } from '../../../../components/content-image';

type Person = NonNullable<Landing['people']>[number];

/**
 * People of a page (`settings.landing.people`): cast biographies, seminar speakers.
 * The photo's alt text is the person's name; the name is the card's heading.
 */
export function EventPeople({ people, withBio }: { people: readonly Person[]; withBio: boolean }) {
  return (
    <ul className="event-people">
      {people.map((person, index) => (
        <li key={`${index} ${person.name}`}>
          <article className="event-person">
            {person.photo && (
              <ContentImage
                className="event-person__photo"
                src={person.photo}
                alt={person.name}
                box={SQUARE_BOX}
                sizes="(max-width: 599px) 100vw, 320px"
              />
            )}
            <h3 className="event-person__name">{person.name}</h3>
            {person.role && <p className="event-person__role">{person.role}</p>}
            {withBio && person.bio && <p className="event-person__bio">{person.bio}</p>}
          </article>
        </li>
      ))}
    </ul>
  );
}

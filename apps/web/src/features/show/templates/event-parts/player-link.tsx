import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { PlayIcon } from '../../../../components/icons';
import { showPlayerPath } from '../../../../components/shows/show-presentation';

/**
 * A large button into the show's player (the gallery's "Ver transmisión", the seminar's
 * and the telethon's "Entrar"); inside the console's preview it stays on the page.
 */
export function PlayerLink({
  show,
  preview,
  tone = 'primary',
  children,
}: {
  show: Show;
  preview?: boolean;
  tone?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <Link
      to={showPlayerPath(show)}
      className={`button button--${tone} button--large`}
      onClick={preview ? (event) => event.preventDefault() : undefined}
    >
      <PlayIcon />
      {children}
    </Link>
  );
}

import { avatarGradientFor } from './avatar-gradient';

/** The first character as a reader sees one (an accented letter or an emoji is one). */
function initialOf(name: string): string {
  return Array.from(name)[0] ?? '';
}

/**
 * A round avatar with the initial of the name a person goes by, on the gradient of their username
 * (which never changes, so the colour stays when the name does); decorative beside the name.
 */
export function UserAvatar({
  username,
  name = username,
  size = 'lg',
}: {
  username: string;
  /** The display name, whose initial is shown; the username's without it. */
  name?: string;
  size?: 'sm' | 'lg';
}) {
  const sizeClass = size === 'lg' ? 'size-20 text-3xl' : 'size-8 text-sm';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-linear-to-br font-semibold text-white uppercase ${sizeClass} ${avatarGradientFor(username)}`}
    >
      {initialOf(name || username)}
    </span>
  );
}

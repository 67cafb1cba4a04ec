import { avatarGradientFor } from './avatar-gradient';

/** A round avatar with the username's initial on its gradient; decorative beside the name. */
export function UserAvatar({ username, size = 'lg' }: { username: string; size?: 'sm' | 'lg' }) {
  const sizeClass = size === 'lg' ? 'size-20 text-3xl' : 'size-8 text-sm';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-linear-to-br font-semibold text-white uppercase ${sizeClass} ${avatarGradientFor(username)}`}
    >
      {username.slice(0, 1)}
    </span>
  );
}

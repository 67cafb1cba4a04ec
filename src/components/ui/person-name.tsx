/** What a person is called on the wire: the unique username and the name they go by. */
export interface NamedPerson {
  username: string;
  displayName: string;
}

/**
 * The name to show. A copy cached by an older build (before display names) has none: the username
 * stands in, as it does on the server until its owner sets a name.
 */
export function displayNameOf(person: NamedPerson): string {
  return person.displayName || person.username;
}

/** Whether the display name says nothing the username does not (then "@username" is left out). */
export function nameIsUsername(person: NamedPerson): boolean {
  return displayNameOf(person).toLowerCase() === person.username.toLowerCase();
}

/**
 * A person's display name, with "@username" beside it (muted, smaller) where two people could be
 * confused; just the name when the two are the same. The name is isolated with `dir="auto"`: an
 * Arabic or Hebrew name reads right to left inside its own span without turning the line around.
 */
export function PersonName({ person }: { person: NamedPerson }) {
  return (
    <span className="inline-flex min-w-0 flex-wrap items-baseline gap-x-1.5">
      <span dir="auto" className="break-words">
        {displayNameOf(person)}
      </span>
      {nameIsUsername(person) ? null : (
        <>
          {/* A space, so that a screen reader (and a copy) says "Maya @maya", not "Maya@maya". */}{' '}
          <span dir="ltr" className="text-xs font-normal text-ink-muted">
            @{person.username}
          </span>
        </>
      )}
    </span>
  );
}

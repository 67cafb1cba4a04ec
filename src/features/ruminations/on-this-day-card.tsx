import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Memory } from '../../api/memory-schemas';
import { excerptOf, yearsAgoToday } from './calendar-words';
import { memoryQueries } from './memories-queries';

/**
 * On this day, on My Ruminations' top (api-contract.md "Memories"): a quiet card listing what the
 * person wrote on this date in earlier years, a line per year ("3 years ago today") and an excerpt
 * of each note, each opening it. Nothing at all while loading, on an error or when there are none:
 * the list below is the page; this is a bonus. Default export: loaded lazily by the page.
 */
export default function OnThisDayCard() {
  const memories = useQuery(memoryQueries.onThisDay());
  const list = memories.data ?? [];
  if (list.length === 0) return null;
  const years = groupByYearsAgo(list);
  return (
    <section aria-labelledby="on-this-day" className="card flex flex-col gap-3 text-sm">
      <h2 id="on-this-day" className="font-semibold text-ink-muted">
        <Trans>On this day</Trans>
      </h2>
      {years.map(([yearsAgo, notes]) => (
        <div key={yearsAgo} className="flex flex-col gap-1">
          <h3 className="font-medium">{yearsAgoToday(yearsAgo)}</h3>
          <ul className="flex flex-col gap-1">
            {notes.map((note) => (
              <li key={note.id}>
                <Link
                  to="/rumination/$ruminationId"
                  params={{ ruminationId: String(note.id) }}
                  className="text-ink-muted hover:text-ink"
                >
                  {excerptOf(note.content)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The answer's order kept: newest year first, newest note first within it. */
function groupByYearsAgo(list: readonly Memory[]): [number, Memory[]][] {
  const groups = new Map<number, Memory[]>();
  for (const memory of list) {
    const group = groups.get(memory.yearsAgo);
    if (group) group.push(memory);
    else groups.set(memory.yearsAgo, [memory]);
  }
  return [...groups];
}

import { useCurrentUser } from '../auth/use-current-user';
import { RuminationCard } from './rumination-card';
import { useRumination } from './rumination-queries';

/**
 * A rumination on its own (/rumination/{id}), where a shared link or a notification leads: the
 * card with its comments open, for whoever may read it.
 */
export function RuminationPage({ ruminationId }: { ruminationId: number }) {
  const { data: rumination } = useRumination(ruminationId);
  const viewer = useCurrentUser();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Rumination by {rumination.createdBy.username}</h1>
      <RuminationCard rumination={rumination} viewerId={viewer?.id ?? null} commentsOpen />
    </div>
  );
}

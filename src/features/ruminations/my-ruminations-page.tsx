import { useMyRuminations } from './rumination-queries';
import { RuminationList } from './rumination-list';
import { MyRuminationsFrame } from './my-ruminations-frame';
import { PendingRuminationCard, usePendingNewRuminations } from './pending-ruminations';

/** My Ruminations: the user's own, published or drafts (spec section 2). */
export function MyRuminationsPage({ isPublic }: { isPublic: boolean }) {
  const query = useMyRuminations({ isPublic });
  const pending = usePendingNewRuminations(isPublic);
  return (
    <MyRuminationsFrame isPublic={isPublic}>
      <RuminationList
        query={query}
        label={isPublic ? 'Published ruminations' : 'Drafts'}
        pending={pending.map((write) => (
          <li key={`pending-${write.id}`}>
            <PendingRuminationCard write={write} />
          </li>
        ))}
        empty={
          isPublic ? (
            <p>
              You have not published anything yet. Use New Rumination to write one, then Publish it.
            </p>
          ) : (
            <p>You have no drafts. Use New Rumination and Save Draft to keep one for later.</p>
          )
        }
      />
    </MyRuminationsFrame>
  );
}

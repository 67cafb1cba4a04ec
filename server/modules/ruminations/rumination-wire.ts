import type { Rumination } from '../../../src/api/rumination-schemas';
import { maskToAudiences } from './audience-mask';
import type { RuminationRow } from './rumination-queries';
import { extractTags } from '../../../src/domain/tags';

/** A database row as the wire shape of api-contract.md. */
export function toRumination(row: RuminationRow): Rumination {
  return {
    id: row.id,
    content: row.content,
    createdBy: {
      id: row.author_id,
      username: row.author_username,
      displayName: row.author_display_name,
    },
    createTMS: row.create_tms,
    updateTMS: row.update_tms,
    isPublished: row.is_published === 1,
    audiences: maskToAudiences(row.audience_mask).map((relationType) => ({ relationType })),
    commentCount: row.comment_count,
    version: row.version,
    // Its photos and their signed URLs come from rumination-media.ts, which every answer goes through.
    media: [],
    // Its reactions' counts too, loaded for a whole page at once (reaction-service.ts).
    reactions: [],
    // Its tags are its content's, by the rule that also wrote rumination_tags (for the lists of a
    // tag) on each save: reading them costs no query.
    tags: extractTags(row.content),
  };
}

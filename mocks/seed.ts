import type { ReactionKind } from '../src/domain/reactions';
import { relationTypeOfAudience, THERAPIST } from '../src/domain/relation-types';
import { DEMO_PASSWORD, DEMO_PEOPLE, type DemoUsername } from '../src/api/demo-backend';
import {
  createComment,
  createMedia,
  createReaction,
  createRelation,
  createRumination,
  createUser,
} from './store/factories';
import { createNotification } from './store/notifications';
import { reviseRumination } from './store/rumination-changes';
import type { MockSeed } from './store/db';
import { SEED_PICTURES, type SeedPictureName } from './seed-photos';

/**
 * The demo's small story. Maya is at the centre: Leo is her friend, Sam her partner, Dr. Rivera
 * her therapist (Maya asked, so Rivera reads what Maya shares with "Therapist"), and her sister
 * Nora has asked for a Family relation that Maya has not answered yet. Each person's feed, profile
 * and relation panel therefore look different; everybody signs in with DEMO_PASSWORD. Maya's note
 * about calling Nora has a history of two earlier versions; nobody's trash holds anything.
 * Everybody has a display name people would recognise and a short bio (usernames stay as they
 * are: the demo credentials and the tests sign in with them). Dr. Rivera's sleep log shows a
 * GitHub-flavoured table and task list; Sam's card from the neighbours holds an Arabic paragraph
 * between English ones. Three public notes have photos (drawn in the browser: mocks/seed-photos.ts):
 * Maya's run ends at the harbour at sunset, Sam's fourth loaf, and Nora's box of drawings.
 */

const ACQUAINTANCE = relationTypeOfAudience('Acquaintance');
const FAMILY = relationTypeOfAudience('Family');
const FRIEND = relationTypeOfAudience('Friend');
const BEST_FRIEND = relationTypeOfAudience('BestFriend');
const PARTNER = relationTypeOfAudience('Partner');

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who the demo people are to others: the names and bios their profiles and cards show. */
const PROFILES: Record<DemoUsername, { displayName: string; bio: string }> = {
  maya: {
    displayName: 'Maya Lindqvist',
    bio: 'Writing my way through a loud year. Running again, slowly.',
  },
  leo: {
    displayName: 'Leo Martín',
    bio: 'Bikes, bands and bad coffee. Friends with Maya since school.',
  },
  sam: {
    displayName: 'Sam Okafor',
    bio: 'Baker in training. Lives with Maya in a small apartment that already feels like home.',
  },
  nora: {
    displayName: 'Nora 🌻',
    bio: 'Little sister. Keeper of the childhood drawings.',
  },
  dr_rivera: {
    displayName: 'Dr. Elena Rivera',
    bio: 'Therapist. I share small practices here, never anything about the people I see.',
  },
};

/** GitHub-flavoured Markdown: a table, a task list and a strikethrough. */
const SLEEP_LOG = `A sleep log to try for two weeks. Copy it into a note of your own:

| Night | In bed | Asleep | Woke up rested? |
| --- | --- | --- | --- |
| Mon | 23:00 | about 23:40 | no |
| Tue | 22:45 | about 23:10 | a little |
| Wed | 22:30 | about 22:50 | yes |

Each morning:

- [x] One sentence about how you slept
- [ ] No phone for the first ten minutes
- [ ] ~~Coffee before water~~ Water before coffee`;

/** Right-to-left text between left-to-right paragraphs. */
const NEIGHBOURS_CARD = `Our neighbour Mariam left bread at the door with a card:

أهلاً وسهلاً في بيتكم الجديد. الجار قبل الدار، وبابنا مفتوح لكم دائماً.

Welcome to your new home: the neighbour before the house, and our door is always open to you.`;

/** A time `days` (and `hours`) ago, so the demo always looks recent. */
function ago(days: number, hours = 0): string {
  return new Date(Date.now() - days * DAY_MS - hours * 60 * 60 * 1000).toISOString();
}

export const demoSeed: MockSeed = () => {
  const id = {} as Record<DemoUsername, number>;
  for (const person of DEMO_PEOPLE) {
    id[person.username] = createUser({
      username: person.username,
      ...PROFILES[person.username],
      email: `${person.username.replace('_', '.')}@demo.example`,
      password: DEMO_PASSWORD,
      createTMS: ago(30),
    }).user.id;
  }

  createRelation({ initiatorId: id.maya, receiverId: id.leo, type: FRIEND, createTMS: ago(20) });
  createRelation({ initiatorId: id.sam, receiverId: id.maya, type: PARTNER, createTMS: ago(19) });
  createRelation({
    initiatorId: id.maya,
    receiverId: id.dr_rivera,
    type: THERAPIST,
    createTMS: ago(18),
  });
  createRelation({
    initiatorId: id.leo,
    receiverId: id.sam,
    type: ACQUAINTANCE,
    createTMS: ago(15),
  });
  createRelation({
    initiatorId: id.leo,
    receiverId: id.dr_rivera,
    type: FRIEND,
    state: 'rejected',
    createTMS: ago(12),
  });
  // The two requests waiting for maya, and the notifications they sent her (her bell shows 2).
  const fromLeo = createRelation({
    initiatorId: id.leo,
    receiverId: id.maya,
    type: BEST_FRIEND,
    state: 'pending',
    createTMS: ago(3),
  });
  const fromNora = createRelation({
    initiatorId: id.nora,
    receiverId: id.maya,
    type: FAMILY,
    state: 'pending',
    createTMS: ago(1),
  });
  for (const request of [fromLeo, fromNora]) {
    createNotification({
      recipientId: id.maya,
      actorId: request.initiatorId,
      kind: 'RelationRequested',
      relationId: request.id,
      relationType: request.type,
      createTMS: request.createTMS,
    });
  }

  createRumination({
    authorId: id.dr_rivera,
    content:
      'A small practice for the week: before checking your phone in the morning, write one sentence about how you slept. Nothing more.',
    createTMS: ago(14),
  });
  createRumination({ authorId: id.dr_rivera, content: SLEEP_LOG, createTMS: ago(13) });
  createRumination({
    authorId: id.leo,
    content: 'Finally fixed the old bike. Riding to work tomorrow, rain or not.',
    createTMS: ago(11),
  });
  const run = createRumination({
    authorId: id.maya,
    content: 'First morning run in months. Slow, wet, and exactly what I needed.',
    createTMS: ago(9),
  });
  createRumination({
    authorId: id.maya,
    content:
      'Notes for Thursday: the dread starts on Sunday evening, not Monday morning. Why does the weekend end early?',
    audiences: [THERAPIST],
    createTMS: ago(8),
  });
  createRumination({
    authorId: id.sam,
    content: 'Maya, you were right about the small apartment. It feels like home already.',
    audiences: [PARTNER],
    createTMS: ago(7),
  });
  createRumination({
    authorId: id.maya,
    content: 'Leo, thank you for sitting with me on the stairs last night. I owe you a bike ride.',
    audiences: [FRIEND, BEST_FRIEND],
    createTMS: ago(6),
  });
  createRumination({
    authorId: id.leo,
    content: 'Friends only: I think I am going to quit the band. Not ready to say it out loud yet.',
    audiences: [FRIEND],
    createTMS: ago(5),
  });
  const drawings = createRumination({
    authorId: id.nora,
    content: 'Found a box of our childhood drawings at Mum’s. Some of them are terrifying.',
    createTMS: ago(4),
  });
  // Rewritten twice, so that its card says "edited" and its history has two earlier versions.
  const callNora = createRumination({
    authorId: id.maya,
    content: 'Should I call Nora? Maybe next month.',
    isPublished: false,
    createTMS: ago(3),
  });
  reviseRumination(
    callNora,
    { content: 'Thinking about calling Nora. Maybe next month.', isPublished: true, audiences: [] },
    undefined,
    ago(2, 20),
  );
  reviseRumination(
    callNora,
    {
      content: 'Thinking about calling Nora this weekend. It has been too long.',
      isPublished: true,
      audiences: [FAMILY],
    },
    undefined,
    ago(2, 8),
  );
  createRumination({ authorId: id.sam, content: NEIGHBOURS_CARD, createTMS: ago(2, 6) });
  const bread = createRumination({
    authorId: id.sam,
    content: 'Bread attempt number four. Edible. Progress.',
    createTMS: ago(2),
  });
  createRumination({
    authorId: id.maya,
    content: 'Half a letter to Nora. Not sure yet how to say sorry without making it about me.',
    isPublished: false,
    createTMS: ago(1),
  });
  createRumination({
    authorId: id.nora,
    content: 'Draft: things I want to ask Maya when we finally talk.',
    isPublished: false,
    createTMS: ago(0, 5),
  });

  const photo = (
    rumination: { id: number; authorId: number; createTMS: string },
    picture: SeedPictureName,
    alt: string,
  ) =>
    createMedia({
      ownerId: rumination.authorId,
      ruminationId: rumination.id,
      alt,
      width: SEED_PICTURES[picture].width,
      height: SEED_PICTURES[picture].height,
      bytes: 250_000,
      createTMS: rumination.createTMS,
      picture,
    });
  photo(
    run,
    'sunset',
    'The harbour at sunset from the end of my run: an orange sky going purple above the water, a lamp post and the harbour wall in shadow.',
  );
  photo(
    bread,
    'loaf',
    'A round loaf on a wooden board with three cuts across the top, a bit of flour still on it.',
  );
  photo(
    drawings,
    'drawing',
    'A crayon drawing: a red house with a blue window, a big yellow sun, and two stick people holding hands on the grass.',
  );

  const leoOnRun = createComment({
    authorId: id.leo,
    ruminationId: run.id,
    content: 'Told you the first one is the hardest. Same time next week?',
    createTMS: ago(9, -2),
  });
  const mayaReply = createComment({
    authorId: id.maya,
    ruminationId: run.id,
    parentCommentId: leoOnRun.id,
    content: 'Only if you bring coffee.',
    createTMS: ago(9, -3),
  });
  createComment({
    authorId: id.sam,
    ruminationId: run.id,
    parentCommentId: mayaReply.id,
    content: 'I will bring the coffee. Leo brings the motivation.',
    createTMS: ago(9, -4),
  });
  createComment({
    authorId: id.leo,
    ruminationId: run.id,
    isDeleted: true,
    createTMS: ago(8, 16),
  });
  createComment({
    authorId: id.nora,
    ruminationId: run.id,
    content: 'Proud of you.',
    createTMS: ago(8, 12),
  });

  // Reactions by people who may read each note (all three are public).
  const react = (userId: number, ruminationId: number, kind: ReactionKind, days: number) =>
    createReaction({ userId, ruminationId, kind, createTMS: ago(days) });
  react(id.leo, run.id, 'love', 9);
  react(id.sam, run.id, 'love', 9);
  react(id.nora, run.id, 'hug', 8);
  react(id.maya, bread.id, 'laugh', 2);
  react(id.leo, bread.id, 'laugh', 1);
  react(id.maya, drawings.id, 'laugh', 4);
  react(id.sam, drawings.id, 'wow', 3);
};

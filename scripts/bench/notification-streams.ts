/**
 * `npm run bench:streams`: what open notification streams cost (issue 14). Starts the real server
 * (`npm start`'s bundle, SQLite in a temp folder, API only), opens many streams
 * (GET /api/notifications/stream, one user each), waits until every one has its first `unread`,
 * then reports the server's resident memory, the latency of ordinary calls while the streams stay
 * open (long enough for every stream's heartbeat and token check to run once), the time one event
 * takes to reach its stream, and how long a graceful stop takes with the streams open. It asserts
 * nothing; it prints the figures beside the goal (RSS under 200 MB).
 *
 * `BENCH_STREAMS_MODE=comments` (`npm run bench:streams -- comments`) measures instead what a
 * notification costs (issue 30): BENCH_STREAMS_USERS people (200) each write one note and hold
 * BENCH_STREAMS_PER_USER streams (5, the most the contract lets one person hold: 1,000 streams);
 * another person writes BENCH_STREAMS_COMMENTS comments (1,000) on those notes, first with no
 * stream open, then with every stream open, each comment waited for until all its author's
 * streams have it. It prints the server's CPU time per comment (user + system, from
 * /proc/<pid>/stat) in both phases, then with streams open twice more: after another batch, and
 * after BENCH_STREAMS_HISTORY (500) unread notifications per author written straight to the
 * database (what an unread backlog looks like). With history grown, the cost per comment should
 * stay the same (contract: "Notifications").
 *
 * Environment:
 *   BENCH_STREAMS=1000          streams to open
 *   BENCH_STREAMS_SECONDS=30    seconds of ordinary calls with the streams open (>= 25 covers one
 *                               heartbeat and one token check of every stream)
 *   BENCH_STREAMS_MODE=open     `open` (the figures above) or `comments` (CPU per comment)
 *
 * Everything listens on 127.0.0.1 only and every wait is bounded.
 */
import { commentsMain } from './notification-streams-comments';
import { openStreamsMain } from './notification-streams-open';
import { MODE } from './notification-streams-settings';

(MODE === 'comments' ? commentsMain() : openStreamsMain()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

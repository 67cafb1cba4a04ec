import { appSettings, checkAcrossSettings } from './config/app-settings';
import { configReader, type ConfigOf } from './config/setting-table';

/**
 * The server's whole configuration, read from the environment in this one place and validated with
 * zod, so that a bad value stops the start with a message naming the variable instead of failing
 * later in some request. Each setting is declared once, in config/app-settings.ts; the type and the
 * loader below are derived from there.
 */

export { ConfigError } from './config/setting-table';
export {
  DEFAULT_RATE_LIMITS,
  eachRateLimit,
  type RateLimitRule,
  type RateLimits,
} from './config/rate-limits';

export type AppConfig = ConfigOf<typeof appSettings>;
/** Photos (api-contract.md "Photos"; server/modules/media). */
export type MediaSettings = AppConfig['media'];
export type S3Settings = NonNullable<MediaSettings['s3']>;
/** Web Push (api-contract.md "Reach them when the app is closed"; server/modules/push). */
export type PushSettings = AppConfig['push'];
/** Timers of GET /api/notifications/stream (api-contract.md "Notifications"). */
export type NotificationStreamTimings = AppConfig['notificationStream'];

const readConfig = configReader(appSettings, checkAcrossSettings);

/** Reads the configuration; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return readConfig(env);
}

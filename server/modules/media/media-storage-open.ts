import path from 'node:path';
import type { AppConfig } from '../../config';
import type { MediaStorage } from './media-storage';
import { folderMediaStorage } from './media-storage-folder';
import { s3MediaStorage } from './media-storage-s3';

/**
 * The deployment's photo storage: the S3-compatible bucket when S3_BUCKET is set (shared by every
 * instance), else a folder under the data directory.
 */
export function openMediaStorage(config: AppConfig): MediaStorage {
  const s3 = config.media.s3;
  return s3 === undefined
    ? folderMediaStorage(path.join(config.dataDir, 'media'))
    : s3MediaStorage(s3);
}

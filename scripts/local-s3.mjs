// A local S3-compatible server (s3rver, a devDependency) for trying the S3 photo storage by hand:
// serves one bucket on 127.0.0.1, its objects kept in a folder, until Ctrl-C.
//
//   node scripts/local-s3.mjs [--port 4568] [--dir data/s3] [--bucket ruminations-photos]
//
// It prints the settings to start the app with. s3rver checks request signatures against its fixed
// credentials S3RVER/S3RVER, which the AWS SDK reads from AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY. For trying things only: s3rver is a test server, not a place for photos.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4568' },
    dir: { type: 'string', default: path.join('data', 's3') },
    bucket: { type: 'string', default: 'ruminations-photos' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port: not a port number: ${values.port}`);
  process.exit(2);
}
const directory = path.resolve(values.dir);
fs.mkdirSync(directory, { recursive: true });

const server = new S3rver({
  address: '127.0.0.1',
  port,
  silent: true,
  directory,
  // Path-style only, as the app addresses any S3_ENDPOINT.
  vhostBuckets: false,
  configureBuckets: [{ name: values.bucket }],
});
const address = await server.run();
const endpoint = `http://127.0.0.1:${address.port}`;

console.log(`s3rver: bucket ${values.bucket} at ${endpoint}, objects in ${directory}`);
console.log('Start the app with:');
console.log(
  `  S3_BUCKET=${values.bucket} S3_ENDPOINT=${endpoint} S3_REGION=us-east-1 AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER npm start`,
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

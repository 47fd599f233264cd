// Runs s3rver for server/test/s3-server.ts in a process of its own: node --openssl-legacy-provider,
// because s3rver makes its list continuation tokens with DES, which OpenSSL 3 leaves out by default.
// Arguments: directory, port (0: any free one), bucket. Prints {"port":N} when it listens; ends when
// its parent closes stdin (or dies), or on SIGTERM.
const S3rver = require('s3rver');

const [directory, port, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
server.run().then(
  (address) => process.stdout.write(`${JSON.stringify({ port: address.port })}\n`),
  (error) => {
    process.stderr.write(`s3rver did not start: ${error.message}\n`);
    process.exit(1);
  },
);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

// An S3-compatible server (s3rver) in a process of its own, for tests: started by s3-server.ts, which reads the port
// it listens on from the first message. It ends with the process that started it.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.send({ port });
process.on('disconnect', () => void server.close().finally(() => process.exit(0)));

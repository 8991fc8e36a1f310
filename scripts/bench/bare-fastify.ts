/**
 * The peer of the benchmark: a bare Fastify answering the JSON it is given on every path, with no
 * plugins, no logging and no database — the ceiling of this machine for one Node process.
 * Run as a child process on PORT.
 */
import Fastify from 'fastify';

const body = process.env.BARE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });

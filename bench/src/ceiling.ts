// The HTTP ceiling: a bare Fastify route that returns a constant, measured like the real scenarios.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/constant', async () => ({ success: true, message: 'ok', data: null }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

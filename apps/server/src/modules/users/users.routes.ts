import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

export const usersRoutes = async (_app: FastifyInstance, _deps: AppDeps) => {};

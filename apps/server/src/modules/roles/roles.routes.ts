import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

export const rolesRoutes = async (_app: FastifyInstance, _deps: AppDeps) => {};

import { uploadEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { UploadsService } from './uploads.service.ts';

export function registerUploadRoutes(
  app: FastifyInstance,
  deps: { uploads: UploadsService },
): void {
  registerEndpoint(app, uploadEndpoints.getProofUploadUrl, ({ query }, request) =>
    deps.uploads.createProofUploadUrl(request.ip, query),
  );
}

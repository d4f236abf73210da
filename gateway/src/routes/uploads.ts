import multipart from '@fastify/multipart';
import { callerMetadata } from '@pmbok/infra';
import type { FastifyInstance } from 'fastify';
import { ClientError, Status } from 'nice-grpc';
import { ApiError, identify, toEnvelope } from '../plugins/api.js';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * POST /pmbok/api/img/upload (multipart, field `file`, SPEC §7) stores an image through the auth service, which
 * checks its bytes; GET /pmbok/files/<key> serves it back (keys are random, so links are unguessable).
 */
export default async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12 } });

  app.post('/pmbok/api/img/upload', async (request, reply) => {
    try {
      const identity = await identify(app, request, 'user');
      if (!request.isMultipart()) throw new ApiError(400, '请使用 multipart/form-data 上传图片');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new ApiError(400, '请选择要上传的图片（字段 file）');
      const data = await file.toBuffer();
      if (file.file.truncated) throw new ApiError(400, '图片不能超过5MB');
      const metadata = callerMetadata({ ...identity, clientIp: request.ip, correlationId: request.id });
      const stored = await app.services.auth.uploadImage({ data, filename: file.filename }, { metadata });
      return { code: 200, msg: 'success', data: stored };
    } catch (error) {
      const fastifyCode = (error as { code?: string }).code;
      if (fastifyCode === 'FST_REQ_FILE_TOO_LARGE')
        return reply.send({ code: 400, msg: '图片不能超过5MB', data: null });
      const { httpStatus, code, msg } = toEnvelope(error, request);
      return reply.status(httpStatus).send({ code, msg, data: null });
    }
  });

  app.get('/pmbok/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    try {
      const file = await app.services.auth.getFile({ key });
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.data));
    } catch (error) {
      if (error instanceof ClientError && error.code === Status.NOT_FOUND) return reply.status(404).send();
      throw error;
    }
  });
}

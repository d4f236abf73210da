import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClientError, Status } from 'nice-grpc';
import { ApiError, envelope } from '../plugins/envelope.js';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The image part of a multipart body. Whatever goes wrong while reading it (a body cut short, a missing boundary, a
 * part header that never ends) is the client's malformed upload, answered 400, never a server error.
 */
async function readImage(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  try {
    const file = await request.file();
    if (file?.fieldname !== 'file') throw new ApiError(400, '请选择要上传的图片（字段 file）');
    const data = await file.toBuffer();
    if (file.file.truncated) throw new ApiError(400, '图片不能超过5MB');
    return { data, filename: file.filename };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(400, '图片不能超过5MB');
    request.log.info({ err: error }, 'malformed upload');
    throw new ApiError(400, '上传内容不完整或格式错误，请重新选择图片');
  }
}

/**
 * POST /pmbok/api/img/upload (multipart, field `file`, SPEC §7) stores an image through the auth service, which
 * checks its bytes; GET /pmbok/files/<key> serves it back (keys are random, so links are unguessable).
 */
export default async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12 } });

  // An API call: a body Fastify cannot parse (empty or invalid JSON, an unknown content type) answers HTTP 200 with
  // code 400 like any other.
  app.post('/pmbok/api/img/upload', { config: { access: 'user', surface: 'api' } }, async (request) => {
    if (!request.isMultipart()) throw new ApiError(400, '请使用 multipart/form-data 上传图片');
    const { data, filename } = await readImage(request);
    const stored = await app.services.auth.uploadImage({ data, filename }, { metadata: request.metadata });
    return envelope(200, 'success', stored);
  });

  app.get('/pmbok/files/*', { config: { access: 'public' } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    try {
      const file = await app.services.auth.getFile({ key });
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.data));
    } catch (error) {
      if (error instanceof ClientError && error.code === Status.NOT_FOUND) throw new ApiError(404, '文件不存在');
      throw error;
    }
  });
}

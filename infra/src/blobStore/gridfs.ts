import mongoose from 'mongoose';
import { connectMongo, type MongoLocation } from '../eventStore/mongoConnection.js';
import { assertBlobKey, type BlobStore } from './types.js';

export interface GridFsBlobStoreOptions extends MongoLocation {
  /** The bucket: collections `<bucket>.files` and `<bucket>.chunks`. */
  bucketName: string;
}

interface FileDoc {
  _id: mongoose.mongo.ObjectId;
  metadata?: { contentType?: string };
}

/** GridFS's answer for a file that is gone (removed by a concurrent put or delete). */
const isMissingFile = (error: unknown) => /not found/i.test(String((error as Error | null)?.message ?? error));
const unlessMissing = (error: unknown) => {
  if (!isMissingFile(error)) throw error;
};

/** The newest file first: a put writes the new file before it removes the old ones. */
const NEWEST = { uploadDate: -1, _id: -1 } as const;

/**
 * Uploads in MongoDB GridFS, one GridFS file per key (its filename). Overwriting uploads the new file and then
 * removes the older ones, so a reader meanwhile gets the old bytes or the new, never a mix.
 */
export async function openGridFsBlobStore(options: GridFsBlobStoreOptions): Promise<BlobStore> {
  const connection = await connectMongo(options);
  const bucket = new mongoose.mongo.GridFSBucket(connection.db!, { bucketName: options.bucketName });

  const newest = async (key: string) => (await bucket.find({ filename: key }).sort(NEWEST).limit(1).toArray())[0];

  async function read(file: FileDoc): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  return {
    async put(key, blob) {
      assertBlobKey(key);
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStream(key, { metadata: { contentType: blob.contentType } });
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(blob.data);
      });
      // Everything but the newest goes (two puts at once agree on which that is).
      const older = await bucket.find({ filename: key }).sort(NEWEST).skip(1).toArray();
      for (const file of older) await bucket.delete(file._id).catch(unlessMissing); // gone: another put's cleanup
    },
    async get(key) {
      assertBlobKey(key);
      // A put may remove the file between the lookup and the read: look again for the one that replaced it.
      for (let attempt = 0; attempt < 3; attempt++) {
        const file = await newest(key);
        if (!file) return null;
        try {
          return { data: await read(file), contentType: file.metadata?.contentType ?? 'application/octet-stream' };
        } catch (error) {
          unlessMissing(error);
        }
      }
      return null;
    },
    async delete(key) {
      assertBlobKey(key);
      for (const file of await bucket.find({ filename: key }).toArray()) {
        await bucket.delete(file._id).catch(unlessMissing);
      }
    },
    async close() {
      await connection.close();
    },
  };
}

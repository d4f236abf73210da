import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from '../blobStore/types.js';

/** The behaviour every blob store adapter must have. */
export function blobStoreContract(name: string, open: () => Promise<BlobStore>): void {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores, reads back, overwrites and deletes bytes with their content type', async () => {
      const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]);
      await store.put('avatars/1/a.png', { data, contentType: 'image/png' });
      expect(await store.get('avatars/1/a.png')).toEqual({ data, contentType: 'image/png' });
      await store.put('avatars/1/a.png', { data: Buffer.from('x'), contentType: 'text/plain' });
      expect((await store.get('avatars/1/a.png'))?.contentType).toBe('text/plain');
      await store.delete('avatars/1/a.png');
      expect(await store.get('avatars/1/a.png')).toBeNull();
      expect(await store.get('never/there')).toBeNull();
    });

    it('refuses keys that could escape the store', async () => {
      for (const key of ['../x', '/etc/passwd', 'a/../../b', '', 'a//b']) {
        await expect(store.put(key, { data: Buffer.from('x'), contentType: 'text/plain' })).rejects.toThrow();
      }
    });
  });
}

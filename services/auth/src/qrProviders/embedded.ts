import QRCode from 'qrcode';
import type { QrLoginProvider } from './types.js';

/** The QR code encodes a link to the console's confirmation page, opened by a user signed in on a phone. */
export function createEmbeddedQrProvider(publicUrl: string): QrLoginProvider {
  return {
    name: 'embedded',
    async qrcodeUrl(ticket) {
      const svg = await QRCode.toString(`${publicUrl}/system/#/qrconfirm/${ticket}`, {
        type: 'svg',
        margin: 1,
        width: 200,
      });
      return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    },
  };
}

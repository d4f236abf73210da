/** What a provider says a scan or an OAuth code identified. */
export interface ScannedIdentity {
  ticket: string;
  openid: string;
}

/**
 * Where the QR code of a sign-in points. `embedded` needs no third party: the code links to our own confirmation
 * page. `wechat` shows an official-account QR code whose scan WeChat reports to our callback.
 */
export interface QrLoginProvider {
  readonly name: 'embedded' | 'wechat';
  /** The image (a URL or data URL) to show for a new ticket. */
  qrcodeUrl(ticket: string): Promise<string>;
  /** Verifies and reads a scan callback; null when it is not a scan of one of our tickets. */
  parseCallback?(query: Record<string, string>, body: string): ScannedIdentity | null;
  /** Answers the platform's URL check (GET with echostr), or null when the signature is wrong. */
  verifyEndpoint?(query: Record<string, string>): string | null;
  /** Turns an OAuth code from the WeChat browser into the user's openid. */
  openidFromCode?(code: string): Promise<string>;
}

import { Type } from '@sinclair/typebox';
import { oneOf } from './wire.js';

/** `system/info`: what the sign-in screens need to know about this installation (public, nothing secret). */
export const SystemInfo = Type.Object({
  /** `console`: no text message leaves the server; the code is printed where the server runs. */
  smsDelivery: oneOf('console', 'provider'),
  devMode: Type.Boolean(),
});

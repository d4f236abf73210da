import type { CallContext, Metadata } from 'nice-grpc-common';
import { unauthenticated } from '../errors.js';
import { CallMetadata } from './metadata.js';

/** Who is calling, as the gateway establishes it; carried in gRPC metadata on every call. */
export interface Caller {
  userId: number;
  sessionId: string;
  teamId: number;
  clientIp: string;
  correlationId: string;
}

const keys = {
  userId: 'x-pmbok-user-id',
  sessionId: 'x-pmbok-session-id',
  teamId: 'x-pmbok-team-id',
  clientIp: 'x-pmbok-client-ip',
  correlationId: 'x-pmbok-correlation-id',
} as const;

export function callerMetadata(caller: Partial<Caller>): Metadata {
  const metadata = new CallMetadata();
  for (const [field, key] of Object.entries(keys)) {
    const value = caller[field as keyof Caller];
    if (value !== undefined && value !== '' && value !== 0) metadata.set(key, String(value));
  }
  return metadata;
}

export function callerOf(context: CallContext): Caller {
  const get = (key: string) => {
    const value = context.metadata.get(key);
    return typeof value === 'string' ? value : '';
  };
  const number = (key: string) => {
    const value = Number(get(key));
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  };
  return {
    userId: number(keys.userId),
    sessionId: get(keys.sessionId),
    teamId: number(keys.teamId),
    clientIp: get(keys.clientIp),
    correlationId: get(keys.correlationId),
  };
}

/** The caller of a call that needs a signed-in user. */
export function signedInCaller(context: CallContext): Caller & { userId: number } {
  const caller = callerOf(context);
  if (!caller.userId) throw unauthenticated();
  return caller;
}

/**
 * The command id of a retried request (the gateway derives it from the client's `Idempotency-Key` header), so a
 * service appends nothing twice for it; carried in gRPC metadata beside the caller.
 */
const COMMAND_ID = 'x-pmbok-command-id';

export function setCommandId(metadata: Metadata, commandId: string): void {
  metadata.set(COMMAND_ID, commandId);
}

export function commandIdOf(context: CallContext): string | undefined {
  const value = context.metadata.get(COMMAND_ID);
  return typeof value === 'string' && value ? value : undefined;
}

import { type Logger, type RunCommand, type ServiceRuntime, sessionsEndedPush } from '@pmbok/infra';

/**
 * Every gateway replica forgets an ended session before the command that ended it is answered: the `sessions` topic
 * of the realtime port carries the session ids, and each replica drops them from its session cache and closes their
 * live sockets. Sessions end only through this service's commands (logout, password or telephone change, password
 * reset, account closed), so wrapping the command runner covers every way, today's and tomorrow's.
 *
 * Published after the events are durable and the service's own read model has applied them (so a gateway that asks
 * again is refused too). A publish that fails is logged, not raised: the session has ended, and each gateway's
 * cache keeps an answer at most a minute.
 */
export function announcingEndedSessions(
  runCommand: RunCommand,
  runtime: Pick<ServiceRuntime, 'realtime'>,
  logger: Logger,
): RunCommand {
  return async (streamId, decider, command, caller, options) => {
    const handled = await runCommand(streamId, decider, command, caller, options);
    const ended = handled.events
      .filter((event) => event.type === 'SessionEnded')
      .map((event) => (event.data as { sessionId: string }).sessionId);
    if (ended.length > 0) {
      await runtime.realtime.publish({ topic: 'sessions' }, sessionsEndedPush(ended)).catch((error) => {
        logger.warn({ err: error, sessions: ended.length }, 'ended sessions not announced to the gateways');
      });
    }
    return handled;
  };
}

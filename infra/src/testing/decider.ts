import { expect } from 'vitest';
import type { Decider } from '../decider/index.js';
import type { DomainEvent } from '../eventStore/types.js';

/**
 * Reads aggregate tests as specifications:
 * `spec.given([UserRegistered]).when(StartSession).then([SessionStarted])` or `.thenThrows(DomainError, /message/)`.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            // biome-ignore lint/suspicious/noThenProperty: given/when/then is the point of this helper; it is never awaited
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(errorType: new (...args: never[]) => Error, message?: string | RegExp) {
              expect(run).toThrow(errorType);
              if (message !== undefined) expect(run).toThrow(message);
            },
          };
        },
      };
    },
  };
}

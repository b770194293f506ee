// Handler typing derived from the IPC table: one async function per channel, receiving the
// parsed input and returning the channel's output.
import type { Channel, ChannelOutput, ParsedChannelInput } from '#shared/ipc/contract.ts';

/**
 * What a handler knows of its caller besides the input. `signal` aborts when the caller went away
 * (its window closed or reloaded, its browser tab disconnected): reads made for it pass it on, so
 * that nothing waits behind the request budget for an answer no one will read.
 */
type HandlerCall = { signal?: AbortSignal };

type Handler<C extends Channel> = (input: ParsedChannelInput<C>, call: HandlerCall) => Promise<ChannelOutput<C>>;

/** Handlers of the channels whose names start with `<feature>.`. */
export type FeatureHandlers<F extends string> = {
  [C in Channel as C extends `${F}.${string}` ? C : never]: C extends Channel ? Handler<C> : never;
};

export type HandlerTable = { [C in Channel]: Handler<C> };

// Handler typing derived from the IPC table: one async function per channel, receiving the
// parsed input and returning the channel's output.
import type { Channel, ChannelOutput, ParsedChannelInput } from '#shared/ipc/contract.ts';

export type Handler<C extends Channel> = (input: ParsedChannelInput<C>) => Promise<ChannelOutput<C>>;

/** Handlers of the channels whose names start with `<feature>.`. */
export type FeatureHandlers<F extends string> = {
  [C in Channel as C extends `${F}.${string}` ? C : never]: C extends Channel ? Handler<C> : never;
};

export type HandlerTable = { [C in Channel]: Handler<C> };

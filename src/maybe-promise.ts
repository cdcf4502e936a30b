/**
 * A result that the in-memory state gives at once and a shared, out-of-process one (a store on
 * another machine) only later: the state's interfaces return it, so either can stand behind them.
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Goes on with a MaybePromise's value: at once when it is there, else when it arrives, so that
 * the in-memory state costs no extra turn of the event loop.
 *
 * @example
 * whenReady(stubs.take(session, probe), (stub) => stub?.id);
 */
export function whenReady<T, R>(value: MaybePromise<T>, next: (value: T) => R): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

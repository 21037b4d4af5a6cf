/**
 * `load` run at the first call and its promise kept: the composition's way to defer an adapter whose
 * library is large (the x402 adapters pull in viem, a few hundred modules) until a process uses it, so
 * the admin commands, the worker and a service that never takes a payment start without it.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

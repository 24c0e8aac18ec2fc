// A small typed event emitter for the socket clients: one payload per event,
// listeners removed by the function `on` answers.

export class Emitter<Events extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof Events, Set<(value: never) => void>>();

  on<K extends keyof Events>(name: K, listener: (value: Events[K]) => void): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener);
    this.listeners.set(name, set);
    return () => set.delete(listener);
  }

  emit<K extends keyof Events>(name: K, value: Events[K]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      (listener as (value: Events[K]) => void)(value);
    }
  }
}

// A per-process map whose entries live a fixed time: the service's short memories (bots as their information
// is read, credentials already checked). Bounded: when full, the oldest entry goes first.

/** A time-limited map. */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  /** Creates a map whose entries live `ttlMs` milliseconds (0 disables it), holding at most `maxEntries`. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The value kept under a key, if still fresh. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a value for the time to live. */
  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    // Map keeps insertion order: the oldest entry goes first when full.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  /** Forgets one key. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear();
  }
}

/**
 * The areas of public content, each invalidated as a whole: a write to one of an area's tables
 * (migration Migration20270123000000_public_content_changes) drops every cached answer of that area.
 */
export const PUBLIC_AREAS = ['blog', 'directory', 'government'] as const;
export type PublicArea = (typeof PUBLIC_AREAS)[number];

/** Each area's change counter as the database holds it (a sequence the triggers advance). */
export type PublicContentVersions = Record<PublicArea, string>;

/** An answer and the response headers its procedure set while computing it (Cache-Control). */
export interface PublicAnswer<T> {
  value: T;
  headers: Record<string, string>;
}

export interface PublicReadCacheStats {
  hits: number;
  misses: number;
  evictions: number;
  /** Area invalidations (a notification, a local write, a changed version, a gap). */
  invalidations: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

/** What one read needs besides its answer: where it belongs, and how to learn the database's versions. */
export interface PublicRead {
  area: PublicArea;
  /** The procedure, the site URLs and the normalised input: equal keys, equal answers. */
  key: string;
  /** The request's clock (ctx.clock), in milliseconds. */
  nowMs: number;
  /** Reads the areas' versions (polled mode only). */
  versions: () => Promise<PublicContentVersions>;
}

interface Entry {
  key: string;
  area: PublicArea;
  answer: PublicAnswer<unknown>;
  bytes: number;
  /** The area's generation when the answer's computation started. */
  generation: number;
  storedAt: number;
  expiresAt: number;
}

/** What an entry costs beyond its key and its answer's JSON (the Map slot, the entry and the headers). */
const ENTRY_OVERHEAD_BYTES = 256;

function freezeDeep(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value as Record<string, unknown>)) freezeDeep(child);
}

/**
 * One app's answers of the public list and detail procedures (CoreServices.caches.publicReads),
 * least recently used first out beyond `maxBytes` (the key and the answer's JSON, plus a fixed
 * overhead per entry), each kept at most `maxAgeMs` (the public Cache-Control max-age).
 *
 * Freshness: each area has a generation, advanced whenever the area changes. An entry is served only
 * while its generation is current; a computation stores its answer only if its area's generation did
 * not move while it ran, so a read that started before a write committed never stores what it saw.
 * How the cache learns of changes:
 * - `notified` (a PostgreSQL server): the database's notifications (followPublicContentNotifications),
 *   a gap dropping everything, and this app's own writes at once (`invalidate`);
 * - `polled` (the embedded database, or no listener): before serving, the areas' versions are read
 *   from the database (one small query, shared by concurrent reads); a moved version invalidates its
 *   area. The embedded database runs one transaction at a time, so what the check sees is committed.
 *
 * Answers are frozen when stored: every reader shares them.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations: Record<PublicArea, number> = { blog: 0, directory: 0, government: 0 };
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;
  private invalidations = 0;
  private notified = false;
  private known: PublicContentVersions | undefined;
  private checking: Promise<void> | undefined;
  private readonly listeners: Array<(area: PublicArea) => void> = [];

  constructor(
    readonly maxBytes: number,
    private readonly maxAgeMs = 60_000,
  ) {}

  /** False with a zero byte limit: every read computes its answer (PUBLIC_CACHE_MAX_BYTES=0). */
  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** The composition root says the database's notifications reach this cache: no version check per read. */
  followNotifications(): void {
    this.notified = true;
    this.known = undefined;
  }

  /** Answers from memory when fresh, else computes with `load` and keeps the answer if still current. */
  async read<T>(read: PublicRead, load: () => Promise<PublicAnswer<T>>): Promise<PublicAnswer<T>> {
    if (!this.enabled) return load();
    if (!this.notified) await this.checkVersions(read.versions);
    const entry = this.entries.get(read.key);
    if (entry) {
      if (
        entry.generation === this.generations[entry.area] &&
        entry.storedAt <= read.nowMs &&
        read.nowMs < entry.expiresAt
      ) {
        this.hits += 1;
        this.entries.delete(read.key);
        this.entries.set(read.key, entry);
        return entry.answer as PublicAnswer<T>;
      }
      this.remove(entry);
    }
    this.misses += 1;
    const generation = this.generations[read.area];
    const answer = await load();
    if (this.generations[read.area] === generation) this.store(read, generation, answer);
    return answer;
  }

  /** The area changed: its answers are dropped, and computations under way will not be kept. */
  invalidate(area: PublicArea): void {
    this.generations[area] += 1;
    this.invalidations += 1;
    for (const entry of this.entries.values()) if (entry.area === area) this.remove(entry);
    for (const listener of this.listeners) listener(area);
  }

  /** Calls `listener` at every invalidation of an area: another cache of the same content follows this one. */
  onInvalidate(listener: (area: PublicArea) => void): void {
    this.listeners.push(listener);
  }

  /** Notifications may have been missed: everything goes. */
  clear(): void {
    for (const area of PUBLIC_AREAS) this.invalidate(area);
  }

  stats(): PublicReadCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
      invalidations: this.invalidations,
      entries: this.entries.size,
      bytes: this.bytes,
      maxBytes: this.maxBytes,
    };
  }

  private store(read: PublicRead, generation: number, answer: PublicAnswer<unknown>): void {
    const bytes =
      Buffer.byteLength(read.key) + Buffer.byteLength(JSON.stringify(answer.value) ?? '') + ENTRY_OVERHEAD_BYTES;
    // An answer larger than the whole cache is served, never kept (it would evict everything for nothing).
    if (bytes > this.maxBytes) return;
    const previous = this.entries.get(read.key);
    if (previous) this.remove(previous);
    freezeDeep(answer);
    this.entries.set(read.key, {
      key: read.key,
      area: read.area,
      answer,
      bytes,
      generation,
      storedAt: read.nowMs,
      expiresAt: read.nowMs + this.maxAgeMs,
    });
    this.bytes += bytes;
    for (const oldest of this.entries.values()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
      this.evictions += 1;
    }
  }

  private remove(entry: Entry): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.bytes -= entry.bytes;
  }

  /** Polled mode: reads the versions (one check at a time, shared) and invalidates the areas that moved. */
  private checkVersions(versions: () => Promise<PublicContentVersions>): Promise<void> {
    this.checking ??= versions()
      .then((current) => {
        const known = this.known;
        this.known = current;
        for (const area of PUBLIC_AREAS) if (!known || known[area] !== current[area]) this.invalidate(area);
      })
      // Versions not read: nothing cached can be trusted; the read goes on to its own query.
      .catch(() => {
        this.known = undefined;
        this.clear();
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }
}

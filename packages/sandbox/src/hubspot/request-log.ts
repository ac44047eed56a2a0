export type LoggedRequest = {
  at: string;
  portalId: number | null;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  /** The JSON body the request sent, when it had one. */
  body: unknown;
};

const perPortal = 5_000;

/** Every request the HubSpot stand-in served, by portal: tests count calls and check where data went. */
export class RequestLog {
  private readonly entries = new Map<number | null, LoggedRequest[]>();

  add(entry: LoggedRequest): void {
    const list = this.entries.get(entry.portalId) ?? [];
    list.push(entry);
    if (list.length > perPortal) list.splice(0, list.length - perPortal);
    this.entries.set(entry.portalId, list);
  }

  /** Requests of one portal (`null`: requests no token tied to a portal, e.g. bad tokens). */
  list(portalId: number | null): LoggedRequest[] {
    return [...(this.entries.get(portalId) ?? [])];
  }

  all(): LoggedRequest[] {
    return [...this.entries.values()].flat().sort((a, b) => a.at.localeCompare(b.at));
  }

  /** How many requests of a portal match a method and a path prefix (or RegExp). */
  count(portalId: number, filter: { method?: string; path?: string | RegExp } = {}): number {
    return this.list(portalId).filter(
      (entry) =>
        (!filter.method || entry.method === filter.method.toUpperCase()) &&
        (!filter.path ||
          (typeof filter.path === 'string'
            ? entry.path.startsWith(filter.path)
            : filter.path.test(entry.path))),
    ).length;
  }

  clear(portalId?: number | null): void {
    if (portalId === undefined) this.entries.clear();
    else this.entries.delete(portalId);
  }
}

export interface EventHubOptions {
  /** Bytes a client may leave unsent before it is dropped: what a client that does not read costs (memoryCosts.eventClient). */
  maxBufferedBytes?: number;
  /** Clients at most (--event-client-limit); see hasRoom. */
  clientLimit?: number;
  /** How often an idle stream gets a comment line, so that proxies and clients see it alive. */
  heartbeatMs?: number;
  /**
   * How long the count of the entries a client held to a rate (see StreamWishes) was not sent
   * waits for the next entry it is sent, before it goes out alone.
   */
  skippedMs?: number;
}

/** What a hub has done so far, for its tests and its benchmark. */
export interface EventHubStats {
  clients: number;
  /** Clients at most (--event-client-limit). */
  limit: number;
  /** Clients dropped because their socket did not drain. */
  dropped: number;
}

/** What a client asks for when it subscribes. */
export interface StreamWishes {
  /** Each entry without its query, headers and bodies (see summaryText). */
  summary?: boolean;
  /**
   * Entries a second at most; the rest are skipped and counted in a `skipped` event, as a page
   * cannot show them all and a browser reading them takes CPU from the mock (docs/inspector.md).
   */
  maxRate?: number;
}

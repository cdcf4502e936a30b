export interface EventHubOptions {
  /**
   * Bytes a client may leave unsent in its socket's buffer before it is dropped: a client that
   * does not read costs the mock at most this and one write, whatever the traffic
   * (memoryCosts.eventClient).
   */
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
   * Entries a second at most, a second's worth at once; the rest are skipped and counted in a
   * `skipped` event: a page cannot show them all, and a browser reading them takes CPU from the
   * mock (docs/inspector.md).
   */
  maxRate?: number;
}

import { AbstractStartedContainer, type StartedTestContainer } from 'testcontainers';
import { createMockClient, type MockClient } from '../client/index.ts';
import { plantStoreMockPort } from './plant-store-mock-port.ts';

/**
 * A running PlantStoreMockContainer: its URL on the host, and admin clients bound to it.
 *
 * @example
 * const mock = await new PlantStoreMockContainer().start();
 * const client = mock.client('checkout');
 * await fetch(`${mock.getUrl()}/plants`, { headers: client.sessionHeaders, ... });
 */
export class StartedPlantStoreMockContainer extends AbstractStartedContainer {
  readonly #adminToken: string | undefined;

  constructor(started: StartedTestContainer, adminToken: string | undefined) {
    super(started);
    this.#adminToken = adminToken;
  }

  /** The mock's base URL on the host, e.g. `http://localhost:32768`. */
  getUrl(): string {
    const host = this.getHost();
    return `http://${host.includes(':') ? `[${host}]` : host}:${this.getMappedPort(plantStoreMockPort)}`;
  }

  /** A MockClient of this container, bound to `session` (default `default`), with its admin token. */
  client(session?: string): MockClient {
    return createMockClient({
      url: this.getUrl(),
      ...(session === undefined ? {} : { session }),
      ...(this.#adminToken === undefined ? {} : { adminToken: this.#adminToken }),
    });
  }
}

// The frontend's own client of the Plant Store API, as an app would write it. It knows nothing
// of the mock: the example test points it at one.

export interface NewPlant {
  id: number;
  name: string;
  tag?: string;
}

export interface Plant {
  name: string;
  tag?: string;
}

/** The API's Error body. */
export interface ApiError {
  error: number;
  message: string;
}

export type CreatePlantResult = { ok: true; plant: Plant } | { ok: false; error: ApiError };

/**
 * Creates a plant; a 400 comes back as `{ ok: false, error }` for the form to show. A 503 (the
 * API restarting, overloaded) is tried once more before it fails. `options.headers` are sent
 * along (tests that share a base URL use it for the mock's session header).
 *
 * @example
 * const result = await createPlant('https://plants.example', token, { id: 1, name: 'Monstera' });
 * if (!result.ok) showError(result.error.message);
 */
export async function createPlant(
  baseUrl: string,
  token: string,
  plant: NewPlant,
  options: { headers?: Record<string, string> } = {},
): Promise<CreatePlantResult> {
  const send = () =>
    fetch(`${baseUrl}/plants`, {
      method: 'POST',
      headers: {
        ...options.headers,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(plant),
    });
  let response = await send();
  if (response.status === 503) response = await send();
  if (response.ok) return { ok: true, plant: (await response.json()) as Plant };
  if (response.status === 400) return { ok: false, error: (await response.json()) as ApiError };
  throw new Error(`Failed to create a plant: the API answered ${response.status}.`);
}

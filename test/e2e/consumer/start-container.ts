// Run with Node in a fresh project: the Testcontainers module from the installed package alone,
// with no image built beforehand. Prints one JSON line with what it saw.
import { PlantStoreMockContainer, packagedImage } from 'plant-store-mock/testcontainers';

const started = Date.now();
const mock = await new PlantStoreMockContainer().start();
try {
  const response = await fetch(`${mock.getUrl()}/plants`, {
    method: 'POST',
    headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    body: JSON.stringify({ id: 3, name: 'Calathea' }),
  });
  const body: unknown = await response.json();
  const recorded = await mock.client().count({ method: 'POST', path: '/plants', status: 200 });
  console.log(
    JSON.stringify({
      image: packagedImage,
      status: response.status,
      body,
      recorded,
      ms: Date.now() - started,
    }),
  );
} finally {
  await mock.stop();
}

// Run with Node in a fresh project and no reachable engine: prints the error's name, code and message.
import { PlantStoreMockContainer } from 'plant-store-mock/testcontainers';

try {
  await new PlantStoreMockContainer().start();
  console.log(JSON.stringify({ started: true }));
} catch (error) {
  const { name, code, message } = error as Error & { code?: string };
  console.log(JSON.stringify({ name, code, message }));
}

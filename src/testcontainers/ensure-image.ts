import { fileURLToPath } from 'node:url';
import { GenericContainer, getContainerRuntimeClient, ImageName } from 'testcontainers';
import { packageVersion } from '../package-version.ts';
import { ContainerEngineError } from './container-engine-error.ts';
import { packageContentHash } from './package-content-hash.ts';

// The installed package's own folder (dist/testcontainers/ -> the package root): the build context
// of docker/Dockerfile, which copies dist/, openapi.yaml, fixtures/ and the packed lockfile.
const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The image the package builds for itself: tagged by the package version and a hash of the files
 * the image is built from, so an upgrade never runs an older build, two builds of one version
 * (a rebuilt or patched package) never share a tag, and a second run reuses the first one's image.
 * Hashing the package's 3 MB takes 20 to 50 ms, once, when this module loads (docs/design.md).
 *
 * @example
 * packagedImage; // 'plant-store-mock:0.1.0-a9f91d7ba6cb'
 */
export const packagedImage = `plant-store-mock:${packageVersion}-${packageContentHash(packageRoot)}`;

let building: Promise<void> | undefined;

/**
 * Makes sure `image` can be run: the package's own image is built from its shipped Dockerfile when
 * the engine does not have it yet (once per process, however many containers start at once); any
 * other image is left to the engine to find or pull.
 *
 * @example
 * await ensureImage(packagedImage); // builds plant-store-mock:0.1.0-a9f91d7ba6cb on first use, ~1 min
 */
export async function ensureImage(image: string): Promise<void> {
  // Asked first, so that a missing engine is a ContainerEngineError that says what to do.
  const client = await getContainerRuntimeClient().catch((error: unknown) => {
    throw new ContainerEngineError(error);
  });
  if (image !== packagedImage) return;
  if (await client.image.exists(ImageName.fromString(image))) return;
  building ??= GenericContainer.fromDockerfile(packageRoot, 'docker/Dockerfile')
    .build(image, { deleteOnExit: false })
    .then(
      () => undefined,
      (error: unknown) => {
        building = undefined;
        throw new Error(
          `Failed to build the image ${image} from ${packageRoot}docker/Dockerfile: ${String(error)}. Make sure the engine can reach the npm registry, or pass a published image to new PlantStoreMockContainer(image) (or set PLANT_MOCK_IMAGE).`,
          { cause: error },
        );
      },
    );
  await building;
}

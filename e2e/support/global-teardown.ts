import type { RunningProduct } from './product';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __PRODUCT__?: RunningProduct }).__PRODUCT__?.stop();
}

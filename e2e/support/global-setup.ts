import { startSeededProduct } from './product';
import { ADMIN } from './state';

/** One seeded product for every journey (they run one file at a time). */
export default async function globalSetup(): Promise<void> {
  const product = await startSeededProduct({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  (globalThis as { __PRODUCT__?: unknown }).__PRODUCT__ = product;
  process.env.PPL_E2E_BASE_URL = product.baseUrl;
  process.env.PPL_E2E_DATA_DIR = product.dataDir;
}

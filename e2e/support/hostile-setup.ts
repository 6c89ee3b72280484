import { startProduct } from './product';
import { ADMIN } from './state';

/**
 * One product for the hostile-input files, started as `npm start` starts it, empty (each file adds what it attacks):
 * the text worker reads nothing but what a test uploads.
 */
export default async function hostileSetup(): Promise<void> {
  const product = await startProduct({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'false' });
  (globalThis as { __PRODUCT__?: unknown }).__PRODUCT__ = product;
  process.env.PPL_E2E_BASE_URL = product.baseUrl;
  process.env.PPL_E2E_DATA_DIR = product.dataDir;
}

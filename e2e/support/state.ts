/** The admin account the journeys' product is started with. */
export const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' } as const;

export interface ProductState {
  baseUrl: string;
  dataDir: string;
}

/** global-setup publishes the running product through the environment (workers inherit it). */
export function productState(): ProductState {
  const baseUrl = process.env.PPL_E2E_BASE_URL;
  const dataDir = process.env.PPL_E2E_DATA_DIR;
  if (!baseUrl || !dataDir) throw new Error('The product was not started by global-setup');
  return { baseUrl, dataDir };
}

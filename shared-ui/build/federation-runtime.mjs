// The Module Federation runtime as a plain script, for a remote's own standalone page. Remotes are built with
// `experiments.externalRuntime` (they use the runtime their host provides); alone, this script provides it.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;

// Stamped by the build (DefinePlugin); the footer shows it.
Object.assign(globalThis, { __RELEASE_VERSION__: 'test-release', __BUILD_ID__: 'test-build', __PUBLIC_SW__: 'on' });

// The jsdom test environment with the fetch classes every browser has and jsdom lacks (Request, Response, Headers,
// fetch: Node's own), so tests can run the real API client (openapi-fetch builds a Request per call).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Request', 'Response', 'Headers']) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;

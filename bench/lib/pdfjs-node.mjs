// @ts-check
// pdfjs-dist 6 expects Node 22; on Node 20 it needs Promise.withResolvers and
// ArrayBuffer.prototype.transferToFixedLength (as the BFF's text extraction process polyfills them).

export function polyfillPdfJs() {
  const promise = /** @type {{ withResolvers?: unknown }} */ (/** @type {unknown} */ (Promise));
  if (typeof promise.withResolvers !== 'function') {
    Object.defineProperty(Promise, 'withResolvers', {
      configurable: true,
      writable: true,
      value: function withResolvers() {
        /** @type {(value: unknown) => void} */
        let resolve = () => undefined;
        /** @type {(reason?: unknown) => void} */
        let reject = () => undefined;
        const created = new Promise((res, rej) => {
          resolve = res;
          reject = rej;
        });
        return { promise: created, resolve, reject };
      },
    });
  }
  const buffer = /** @type {{ transferToFixedLength?: unknown }} */ (ArrayBuffer.prototype);
  if (typeof buffer.transferToFixedLength !== 'function') {
    Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
      configurable: true,
      writable: true,
      /** @this {ArrayBuffer} @param {number} [length] */
      value: function transferToFixedLength(length) {
        const size = length ?? this.byteLength;
        const copy = new ArrayBuffer(size);
        new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
        return copy;
      },
    });
  }
}

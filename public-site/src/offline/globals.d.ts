/** 'off' when the build was made with PUBLIC_SW=off (the kill switch): pages unregister instead of registering. */
declare const __PUBLIC_SW__: 'on' | 'off';
/** Where this remote's files are served from (rspack's runtime `publicPath: 'auto'`). */
declare let __webpack_public_path__: string;

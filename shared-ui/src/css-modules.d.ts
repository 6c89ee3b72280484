declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare const __RELEASE_VERSION__: string;
/** Identifies one build of a front end: a remote's browser code and its server bundle carry the same id. */
declare const __BUILD_ID__: string;

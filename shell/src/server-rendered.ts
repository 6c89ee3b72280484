/**
 * What the shell's server (scripts/ssr.mjs) puts into a server-rendered page, shared by both sides:
 * `<div id="root" data-ssr="public_site">` names the half whose HTML it holds; the remotes config it used is in
 * `<script type="application/json" id="ppl-remotes">`.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-ssr';
/** The build of the remote the HTML was rendered with; hydration needs the same build's code. */
export const SERVER_BUILD_ATTRIBUTE = 'data-ssr-build';
export const REMOTES_ELEMENT_ID = 'ppl-remotes';

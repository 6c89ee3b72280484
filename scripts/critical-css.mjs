// @ts-check
/**
 * The styles a server-rendered page needs for its first paint, out of the public site's whole stylesheet.
 *
 * A rendered page carries its CSS inline (no render-blocking request on a 150 ms phone connection), but the whole
 * stylesheet is every screen's: about 90 KB, 13 KB gzip, most of a subject page's bytes. Before its scripts run a
 * page shows only its own markup, and the scripts bring the route's stylesheets (as links) before anything else is
 * drawn, so the inline copy keeps only the rules whose selectors can match that markup.
 *
 * The public site's classes are CSS-module names (hashed, unique), so "can match" is decided by class names alone,
 * never wrongly against a rule: a selector is left out only when a class it requires appears nowhere in the page.
 * Everything else stays: selectors without classes (elements, `:root`, attributes), classes inside `:not()`,
 * `:is()`, `:where()` or `:has()` (not required), at-rules that hold no selectors (`@font-face`, `@keyframes`,
 * `@property`), and any selector this reading cannot take apart (a CSS escape). `@media`, `@supports`, `@layer` and
 * `@container` blocks keep the rules of theirs that stay, and go when none does.
 *
 * The stylesheet is parsed once per release (postcss); a page costs one scan of its class attributes.
 */
import postcss from 'postcss';

/** At-rules whose block holds rules, filtered like the top level. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'document', 'scope', 'starting-style']);

/**
 * @typedef {{ text: string; needs: string[][] | null }} IndexedRule a rule's text and, for each of its selectors, the
 *   classes that selector requires (`needs` null: the rule stays whatever the page holds)
 * @typedef {{ open: string; children: IndexedNode[] }} IndexedGroup an at-rule block (`open`: `@media ...{`)
 * @typedef {IndexedRule | IndexedGroup} IndexedNode
 * @typedef {{ nodes: IndexedNode[]; bytes: number }} StylesheetIndex
 */

/**
 * The classes one selector requires, or null when it requires none (or cannot be read with certainty).
 * @param {string} selector
 * @returns {string[] | null}
 */
export function requiredClasses(selector) {
  if (selector.includes('\\')) return null;
  // Attribute values and strings may hold dots; functional pseudo-classes hold selectors that are not required.
  let plain = selector.replace(/"[^"]*"|'[^']*'/g, '""').replace(/\[[^\]]*\]/g, '[]');
  for (let previous = ''; previous !== plain;) {
    previous = plain;
    plain = plain.replace(/\([^()]*\)/g, '()');
  }
  const classes = [...plain.matchAll(/\.(-?[_a-zA-Z\u00a0-\uffff][-\w\u00a0-\uffff]*)/g)].map((match) => match[1]);
  return classes.length > 0 ? /** @type {string[]} */ (classes) : null;
}

/**
 * @param {import('postcss').ChildNode[]} nodes
 * @returns {IndexedNode[]}
 */
function indexNodes(nodes) {
  /** @type {IndexedNode[]} */
  const indexed = [];
  for (const node of nodes) {
    if (node.type === 'comment') continue;
    if (node.type === 'rule') {
      /** @type {string[][]} */
      const needs = [];
      let always = false;
      for (const selector of node.selectors) {
        const classes = requiredClasses(selector);
        if (classes === null) {
          always = true;
          break;
        }
        needs.push(classes);
      }
      indexed.push({ text: node.toString(), needs: always ? null : needs });
    } else if (node.type === 'atrule' && node.nodes && GROUPING_AT_RULES.has(node.name.toLowerCase())) {
      indexed.push({ open: `@${node.name}${node.params ? ` ${node.params}` : ''}{`, children: indexNodes(node.nodes) });
    } else {
      indexed.push({ text: node.toString(), needs: null });
    }
  }
  return indexed;
}

/**
 * Reads a stylesheet once, so that each page's part of it is cheap to take.
 * @param {string} css
 * @returns {StylesheetIndex}
 */
export function indexStylesheet(css) {
  return { nodes: indexNodes(postcss.parse(css).nodes), bytes: css.length };
}

/**
 * Every class named in the markup's class attributes.
 * @param {string} html
 * @returns {Set<string>}
 */
export function classesIn(html) {
  const classes = new Set();
  for (const match of html.matchAll(/\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    for (const name of (match[1] ?? match[2] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * @param {IndexedNode[]} nodes
 * @param {Set<string>} present
 * @returns {string}
 */
function keep(nodes, present) {
  let css = '';
  for (const node of nodes) {
    if ('children' in node) {
      const inner = keep(node.children, present);
      if (inner) css += `${node.open}${inner}}`;
    } else if (node.needs === null || node.needs.some((classes) => classes.every((name) => present.has(name)))) {
      css += node.text;
    }
  }
  return css;
}

/**
 * The part of an indexed stylesheet the markup can use.
 * @param {StylesheetIndex} index
 * @param {string} html every piece of markup the page shows before its scripts run
 * @returns {string}
 */
export function criticalCss(index, html) {
  return keep(index.nodes, classesIn(html));
}

// What two versions of an OpenAPI document differ in, in meaning: for every operation its id, tags, parameters,
// request and answers, each schema with its references resolved, so that a schema moved, renamed or inlined is no
// difference and a constraint changed under it is one. Prose (descriptions, summaries, titles) and examples are
// counted, not listed. A difference that many operations share is printed once, with the operations it holds for.
//
//   node contract-diff.mjs before.json after.json
//
// Written here because the OpenAPI diff tools on npm read OpenAPI 3.0 only, and this document is 3.1.
import { readFileSync } from 'node:fs';

const PROSE = new Set(['description', 'summary', 'title', 'example', 'examples']);
const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

// Integers past what a double holds exactly (a long's bounds) are read as their digits.
const read = (file) => JSON.parse(readFileSync(file, 'utf8').replace(/(:\s*)(-?\d{16,})(?=\s*[,}\n])/g, '$1"$2"'));
const [before, after] = process.argv.slice(2).map(read);
if (!after) {
  console.error('usage: node contract-diff.mjs before.json after.json');
  process.exit(2);
}

/** The value with every $ref replaced by what it names (a cycle stays a reference). */
function resolved(value, doc, seen = []) {
  if (Array.isArray(value)) return value.map((item) => resolved(item, doc, seen));
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  if (typeof value.$ref === 'string') {
    const [, , kind, name] = value.$ref.split('/');
    if (seen.includes(name)) return { $ref: value.$ref };
    Object.assign(out, resolved(doc.components[kind][name], doc, [...seen, name]));
  }
  for (const [key, member] of Object.entries(value)) {
    if (key !== '$ref') out[key] = resolved(member, doc, seen);
  }
  return out;
}

/** Leaf paths to values; lists of scalars as one sorted value, lists of named things by name. */
function leaves(value, path, out, prose) {
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) {
      out.set(path, JSON.stringify([...value].map(String).sort()));
    } else {
      value.forEach((item, i) => leaves(item, `${path}/[${item?.name ?? i}]`, out, prose));
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (PROSE.has(key)) prose.set(`${path}/${key}`, JSON.stringify(member));
      else leaves(member, `${path}/${key}`, out, prose);
    }
  } else {
    out.set(path, JSON.stringify(value));
  }
}

function operations(doc) {
  const out = new Map();
  const prose = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const leavesOf = new Map();
      leaves(resolved(operation, doc), '', leavesOf, prose);
      out.set(`${method.toUpperCase()} ${path}`, leavesOf);
    }
  }
  return { out, prose };
}

/** Where in an operation a leaf is, shortened so that one schema's difference reads alike wherever it is used. */
function where(leaf) {
  return leaf
    .replace(/\/content\/application\/(problem\+)?json/g, '')
    .replace(/^\/(requestBody)\/schema/, 'request')
    .replace(/^\/responses\/(\d+)\/schema/, 'answer $1')
    .replace(/\/properties\/items\/items(\/oneOf\/\[\d+\])?/, ' item');
}

const a = operations(before);
const b = operations(after);
const differences = new Map();
for (const name of new Set([...a.out.keys(), ...b.out.keys()])) {
  if (!a.out.has(name) || !b.out.has(name)) {
    differences.set(`${a.out.has(name) ? 'removed' : 'added'} operation`, [name]);
    continue;
  }
  const x = a.out.get(name);
  const y = b.out.get(name);
  for (const leaf of new Set([...x.keys(), ...y.keys()])) {
    if (x.get(leaf) === y.get(leaf)) continue;
    const key = `${where(leaf)}: ${x.get(leaf) ?? '(none)'} -> ${y.get(leaf) ?? '(none)'}`;
    differences.set(key, [...(differences.get(key) ?? []), name]);
  }
}
for (const [difference, names] of [...differences].sort()) {
  console.log(`${difference}\n    in ${names.length > 4 ? `${names.length} operations` : names.join(', ')}`);
}
const changedProse = [...new Set([...a.prose.keys(), ...b.prose.keys()])].filter(
  (key) => a.prose.get(key) !== b.prose.get(key),
).length;
console.log(`${differences.size} differences in meaning; ${changedProse} texts or examples changed`);

// The JSON Patch (RFC 6902, https://www.rfc-editor.org/rfc/rfc6902) of a verdict's fix,
// applied to a request body: the three operations schema/fix writes (add, replace,
// remove), with JSON pointers (RFC 6901). The demo applies a fix to the body it built and
// reads the composer's state back from the result.

/** The reference tokens of a JSON pointer ("" is the whole document). */
function tokens(pointer) {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`the pointer ${JSON.stringify(pointer)} does not start with /`);
  return pointer.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** An array index token: digits without a leading zero, within 0..max. */
function index(token, max, pointer) {
  if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) > max) {
    throw new Error(`${pointer}: ${JSON.stringify(token)} is no index of an array of ${max} or more`);
  }
  return Number(token);
}

const isContainer = (v) => v !== null && typeof v === 'object';
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
// A member set as data, even one named "__proto__".
const set = (o, k, value) => Object.defineProperty(o, k, { value, writable: true, enumerable: true, configurable: true });

/**
 * Applies the operations of patch to doc in order and returns the new document; doc is
 * not changed (it is copied first). Throws an Error saying which operation failed, as
 * RFC 6902 says a patch that cannot be applied as a whole is not applied at all.
 */
export function applyPatch(doc, patch) {
  let root = structuredClone(doc);
  for (const op of patch) {
    const path = tokens(op.path);
    if (path.length === 0) {
      if (op.op === 'remove') throw new Error('a patch cannot remove the whole document');
      root = structuredClone(op.value);
      continue;
    }
    let parent = root;
    for (const t of path.slice(0, -1)) {
      const next = Array.isArray(parent) ? parent[index(t, parent.length - 1, op.path)] : isContainer(parent) && has(parent, t) ? parent[t] : undefined;
      if (!isContainer(next)) throw new Error(`${op.path}: no such member`);
      parent = next;
    }
    const last = path[path.length - 1];
    const value = structuredClone(op.value);
    if (Array.isArray(parent)) {
      if (op.op === 'add') {
        parent.splice(last === '-' ? parent.length : index(last, parent.length, op.path), 0, value);
      } else if (op.op === 'replace' || op.op === 'remove') {
        const i = index(last, parent.length - 1, op.path);
        if (op.op === 'replace') parent[i] = value;
        else parent.splice(i, 1);
      } else {
        throw new Error(`${op.path}: the operation ${JSON.stringify(op.op)} is not one a fix uses`);
      }
      continue;
    }
    if (op.op === 'add') {
      set(parent, last, value);
    } else if (op.op === 'replace' || op.op === 'remove') {
      if (!has(parent, last)) throw new Error(`${op.path}: no such member to ${op.op}`);
      if (op.op === 'replace') set(parent, last, value);
      else delete parent[last];
    } else {
      throw new Error(`${op.path}: the operation ${JSON.stringify(op.op)} is not one a fix uses`);
    }
  }
  return root;
}

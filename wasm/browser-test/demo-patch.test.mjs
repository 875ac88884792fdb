// demo/patch.mjs, the JSON Patch (RFC 6902) the demo applies a fix's patch with, in Node:
// each case says why it exists. The fixes of schema/fix use add, replace and remove; a
// patch that cannot be applied whole throws and leaves the document as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch } from '../demo/patch.mjs';

const body = () => ({
  content: 'a',
  platforms: [{ platform: 'twitter', platformSpecificData: { threadItems: [{ content: 'b' }, { content: 'c' }] } }, { platform: 'linkedin' }],
  publishNow: true,
});

test('the operations a fix uses give RFC 6902\'s results', () => {
  const cases = [
    ['replace a member (a text shortened or escaped)', [{ op: 'replace', path: '/content', value: 'x' }], (d) => { d.content = 'x'; }],
    ['add a member that is absent (a target\'s own text)', [{ op: 'add', path: '/platforms/1/content', value: 'y' }], (d) => { d.platforms[1].content = 'y'; }],
    ['add at an array index inserts before it (a thread post before the old ones)', [{ op: 'add', path: '/platforms/0/platformSpecificData/threadItems/0', value: { content: 'n' } }],
      (d) => { d.platforms[0].platformSpecificData.threadItems.unshift({ content: 'n' }); }],
    ['add at the array\'s length and at - appends', [{ op: 'add', path: '/platforms/0/platformSpecificData/threadItems/2', value: { content: 'd' } }, { op: 'add', path: '/platforms/0/platformSpecificData/threadItems/-', value: { content: 'e' } }],
      (d) => { d.platforms[0].platformSpecificData.threadItems.push({ content: 'd' }, { content: 'e' }); }],
    ['remove an array element shifts the rest (a hashtag or a post dropped)', [{ op: 'remove', path: '/platforms/0/platformSpecificData/threadItems/0' }],
      (d) => { d.platforms[0].platformSpecificData.threadItems.shift(); }],
    ['remove a member', [{ op: 'remove', path: '/publishNow' }], (d) => { delete d.publishNow; }],
    ['operations apply in order: the second sees the first', [{ op: 'add', path: '/scheduledFor', value: '2030-01-01T00:00Z' }, { op: 'replace', path: '/scheduledFor', value: '2030-01-01T00:00:00Z' }],
      (d) => { d.scheduledFor = '2030-01-01T00:00:00Z'; }],
    ['~1 and ~0 in a token are / and ~', [{ op: 'add', path: '/a~1b~0c', value: 1 }], (d) => { d['a/b~c'] = 1; }],
  ];
  for (const [why, patch, edit] of cases) {
    const doc = body();
    const want = body();
    edit(want);
    assert.deepEqual(applyPatch(doc, patch), want, why);
    assert.deepEqual(doc, body(), `${why}: the document given is not changed`);
  }
});

test('a patch that cannot be applied throws, and the document given is unchanged', () => {
  const cases = [
    ['replace a member that is absent', [{ op: 'replace', path: '/scheduledFor', value: 'x' }]],
    ['remove past the array\'s end', [{ op: 'remove', path: '/platforms/2' }]],
    ['add past the array\'s length', [{ op: 'add', path: '/platforms/3', value: {} }]],
    ['an index with a leading zero', [{ op: 'replace', path: '/platforms/01', value: {} }]],
    ['a path through a member that is absent', [{ op: 'add', path: '/platforms/1/platformSpecificData/threadItems/0', value: {} }]],
    ['a pointer without its leading /', [{ op: 'replace', path: 'content', value: 'x' }]],
    ['an operation fixes never use', [{ op: 'move', from: '/content', path: '/x' }]],
    ['the first operation applies, the second cannot: nothing is kept', [{ op: 'replace', path: '/content', value: 'x' }, { op: 'remove', path: '/nothing' }]],
  ];
  for (const [why, patch] of cases) {
    const doc = body();
    assert.throws(() => applyPatch(doc, patch), Error, why);
    assert.deepEqual(doc, body(), why);
  }
});

test('a member named __proto__ is a member, not the prototype', () => {
  const got = applyPatch({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
  assert.equal(Object.getPrototypeOf(got), Object.prototype);
  assert.deepEqual(Object.keys(got), ['__proto__']);
  assert.equal({}.polluted, undefined);
});

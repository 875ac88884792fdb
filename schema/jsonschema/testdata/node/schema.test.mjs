// The generated documents judged by stock Node validators: ajv 8 (JSON Schema 2020-12) over
// the corpus the Go suite shares (corpus.jsonl: each body with postrules' verdict), and
// swagger-parser's structural validation of the OpenAPI document. The documents read here
// are the golden copies under ../jsonschema, which `go test ./schema/jsonschema` keeps byte-equal to
// what schema.Document generates. Run: npm ci && node --test (or make test-schema-node).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import SwaggerParser from "@apidevtools/swagger-parser";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const doc = (name) => JSON.parse(readFileSync(here(`../jsonschema/${name}.json`), "utf8"));
const docsMd = readFileSync(here("../../../../docs/schema.md"), "utf8");

// The extension keywords docs/schema.md documents (its table's first column); ajv in strict
// mode refuses a keyword it does not know, so an undocumented one fails here too.
const keywords = [...docsMd.matchAll(/^\| `(x-postrules-[A-Za-z]+)` \|/gm)].map((m) => m[1]);

// The codes of claim 2 ("yes" in the strictness table the Go test computes from the
// corpus: every body with a problem of that code a schema can state is refused).
const expressible = new Set([...docsMd.matchAll(/^\| `([a-z_]+)` \| \d+ \| \d+ \| \d+ \| \d+ \| yes \|$/gm)].map((m) => m[1]));

const corpus = readFileSync(here("corpus.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));

// ajv in full strict mode (https://ajv.js.org/strict-mode.html: strictSchema, strictTypes,
// strictTuples, strictRequired all on): the generator states "type" beside every
// type-specific keyword and defines every required name under "properties" (schema/strict.go).
// A warning of strict mode fails too: the logger throws.
function newAjv() {
  const fail = (msg) => {
    throw new Error(`ajv strict mode: ${msg}`);
  };
  const ajv = new Ajv2020({ strict: true, allErrors: false, logger: { log() {}, warn: fail, error: fail } });
  for (const k of keywords) ajv.addKeyword(k);
  return ajv;
}

// The keywords an OpenAPI 3.1 schema object adds to JSON Schema 2020-12 (the OAS base
// vocabulary, https://spec.openapis.org/oas/v3.1.0#base-vocabulary), and the members of an
// OpenAPI document's top level, which ajv reads when the whole document is added as a schema.
const oasKeywords = ["discriminator", "xml", "externalDocs", "example"];
const oasTopLevel = ["openapi", "info", "jsonSchemaDialect", "servers", "security", "paths", "components"];

// newOpenAPIAjv is newAjv with the OpenAPI document added under the id "openapi".
function newOpenAPIAjv() {
  const ajv = newAjv();
  for (const k of [...oasKeywords, ...oasTopLevel]) ajv.addKeyword(k);
  ajv.addSchema(doc("openapi"), "openapi");
  return ajv;
}

test("docs/schema.md documents the keywords and the claim-2 codes", () => {
  assert.ok(keywords.length >= 8, `keywords: ${keywords}`);
  assert.ok(expressible.has("wrong_type") && expressible.has("invalid_scheduled_for"), [...expressible].join(","));
});

test("every JSON Schema document compiles in ajv 8 with strict: true", () => {
  for (const name of ["create-post", "draft-publish", "error", "draft-publish-result"]) {
    assert.doesNotThrow(() => newAjv().compile(doc(name)), name);
  }
});

test("every schema of the OpenAPI document compiles in ajv 8 with strict: true", () => {
  const ajv = newOpenAPIAjv();
  const api = doc("openapi");
  const pointers = Object.keys(api.components.schemas).map((k) => `#/components/schemas/${k}`);
  for (const k of Object.keys(api.components.responses)) pointers.push(`#/components/responses/${k}/content/application~1json/schema`);
  for (const p of pointers) assert.doesNotThrow(() => assert.ok(ajv.getSchema(`openapi${p}`), p), p);
  assert.ok(pointers.length >= 20, pointers.join(" "));
});

test("strict mode can fail: a required name no properties define is refused", () => {
  assert.throws(() => newAjv().compile({ type: "object", properties: { a: { type: "string" } }, if: { required: ["b"] }, then: { required: ["a"] } }), /strictRequired/);
});

// redocly lint with its recommended rules (https://redocly.com/docs/cli/rules/recommended):
// no error and no warning (no-empty-servers, no-required-schema-properties-undefined,
// info-license among them). Telemetry and the update notice are off: CI has no network.
test("redocly lint --extends=recommended reports no problem", () => {
  const out = execFileSync(here("node_modules/.bin/redocly"), ["lint", "--extends=recommended", "--format=json", here("../jsonschema/openapi.json")], {
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const report = JSON.parse(out);
  assert.deepEqual(report.problems.map((p) => `${p.ruleId}: ${p.message}`), []);
  assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
});

test("ajv: claim 1 (never stricter) and claim 2 (as strict as it can be) over the corpus", () => {
  const ajv = newAjv();
  const validate = { "create-post": ajv.compile(doc("create-post")), "draft-publish": ajv.compile(doc("draft-publish")) };
  let accepted = 0;
  let refused = 0;
  const failures = [];
  for (const c of corpus) {
    let value;
    try {
      value = JSON.parse(c.body);
    } catch {
      assert.equal(c.accepted, false, `postrules accepted a body JSON.parse refuses: ${c.body}`);
      continue; // not JSON: no schema applies
    }
    const ok = validate[c.kind](value);
    if (c.accepted) {
      accepted++;
      if (!ok) failures.push(`claim 1: postrules accepts, ajv refuses (${c.why}) ${JSON.stringify(validate[c.kind].errors)}: ${c.body}`);
    } else {
      refused++;
      // claimed: the codes of the problems a schema can state (outside the rule gaps).
      const code = (c.claimed || []).find((k) => expressible.has(k));
      if (code && ok) failures.push(`claim 2: postrules refuses with ${code}, ajv accepts (${c.why}): ${c.body}`);
    }
  }
  assert.deepEqual(failures.slice(0, 10), []);
  assert.ok(corpus.length >= 2000 && accepted >= 500 && refused >= 500, `${corpus.length} bodies, ${accepted} accepted, ${refused} refused`);
});

test("ajv: the OpenAPI document's schemas judge the corpus like the standalone ones", () => {
  const ajv = newOpenAPIAjv();
  const standalone = { "create-post": ajv.compile(doc("create-post")), "draft-publish": ajv.compile(doc("draft-publish")) };
  const fromOpenAPI = {
    "create-post": ajv.getSchema("openapi#/components/schemas/CreatePost"),
    "draft-publish": ajv.getSchema("openapi#/components/schemas/DraftPublish"),
  };
  for (const c of corpus.slice(0, 600)) {
    let value;
    try {
      value = JSON.parse(c.body);
    } catch {
      continue;
    }
    assert.equal(fromOpenAPI[c.kind](value), standalone[c.kind](value), c.body);
  }
});

test("swagger-parser validates the OpenAPI 3.1 document", async () => {
  const api = await SwaggerParser.validate(doc("openapi"));
  assert.equal(api.openapi, "3.1.0");
  assert.deepEqual(Object.keys(api.paths), ["/api/v2/posts", "/api/v2/drafts/{draftId}/publish"]);
  const publish = api.paths["/api/v2/drafts/{draftId}/publish"].post;
  assert.equal(publish.parameters[0].name, "draftId");
  assert.equal(api.components.securitySchemes.bearerAuth.scheme, "bearer");
  // Every status of the error model, with its extras: 402 subscribeUrl, 403 limit/used/connected.
  for (const s of ["400", "401", "402", "403", "404", "405", "409", "415", "429", "500", "502", "503"]) {
    assert.ok(publish.responses[s], `publish has no ${s}`);
  }
  const r403 = api.components.responses.Error403.content["application/json"].schema.allOf[1];
  assert.deepEqual(r403.required, ["limit", "used", "connected"]);
  assert.deepEqual(api.components.responses.Error402["x-postrules-codes"], ["subscription_inactive"]);
});

test("swagger-parser refuses a broken OpenAPI document (the check can fail)", async () => {
  const broken = doc("openapi");
  delete broken.info;
  await assert.rejects(SwaggerParser.validate(broken));
});

test("ajv: error bodies of the error schema", () => {
  const validate = newAjv().compile(doc("error"));
  assert.ok(validate({ error: "Bad Request", code: "wrong_type", message: "m", path: "/content" }));
  assert.ok(!validate({ error: "Forbidden", code: "plan_limit_reached", message: "m" }), "403 needs limit, used, connected");
  assert.ok(validate({ error: "Forbidden", code: "plan_limit_reached", message: "m", limit: 10, used: 10, connected: 3 }));
  assert.ok(!validate({ error: "Not Found", code: "wrong_type", message: "m" }), "the title follows the code");
});

// A generated TypeScript client can send every platform's options: openapi-typescript
// (pinned) turns the OpenAPI document into api.d.ts, and typed-client.ts, which writes one
// body per platform with its options and holds @ts-expect-error lines for what must not
// compile (a wrong option type, another platform's option, a board id that is no string), passes
// tsc --strict. The compiled bodies are then valid for the create-post schema too.
test("openapi-typescript: typed options per platform compile under tsc --strict", async () => {
  const dir = mkdtempSync(join(tmpdir(), "postrules-ts-"));
  try {
    execFileSync(here("node_modules/.bin/openapi-typescript"), [here("../jsonschema/openapi.json"), "-o", join(dir, "api.d.ts")], { stdio: "pipe" });
    copyFileSync(here("typed-client.ts"), join(dir, "typed-client.ts"));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", outDir: "out" },
        files: ["typed-client.ts", "api.d.ts"],
      }),
    );
    try {
      execFileSync(here("node_modules/.bin/tsc"), ["-p", dir], { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      assert.fail(`tsc --strict: ${e.stdout}${e.stderr}`);
    }
    const { bodies, refused } = await import(pathToFileURL(join(dir, "out", "typed-client.js")).href);
    // Every platform of the schema's targets, once each, with options.
    const cp = doc("create-post");
    const all = cp.$defs.PlatformTarget.oneOf.map((r) => cp.$defs[r.$ref.split("/").pop()].properties.platform.const);
    assert.deepEqual(bodies.flatMap((b) => b.platforms.map((t) => t.platform)).sort(), [...all].sort());
    assert.ok(bodies.every((b) => b.platforms.every((t) => Object.keys(t.platformSpecificData).length > 0)));
    assert.equal(all.length, 10);
    const validate = newAjv().compile(doc("create-post"));
    for (const b of bodies) assert.ok(validate(b), `${JSON.stringify(b)}: ${JSON.stringify(validate.errors)}`);
    const target = newAjv().compile({ ...doc("create-post"), $ref: "#/$defs/PlatformTarget" });
    for (const t of refused) assert.ok(!target(t), `the schema accepts a target the types refuse: ${JSON.stringify(t)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

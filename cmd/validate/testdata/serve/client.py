#!/usr/bin/env python3
"""A client of validate serve in Python's standard library alone, as a team whose API
server is not in Go would write it. Usage: client.py BASE_URL. It prints one line per
request, "STATUS CODE-or-status", and exits 1 on anything unexpected."""
import json
import sys
import urllib.error
import urllib.request

base = sys.argv[1]


def post(path, body, key="sk_test", ctype="application/json"):
    data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
    req = urllib.request.Request(base + path, data=data, method="POST")
    if key is not None:
        req.add_header("Authorization", "Bearer " + key)
    req.add_header("Content-Type", ctype)
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            return res.status, res.headers, json.load(res)
    except urllib.error.HTTPError as e:
        return e.code, e.headers, json.load(e)


def show(status, headers, answer):
    if status in (200, 202):  # 202 a created post, 200 a published draft
        assert answer["success"] is True, answer
        assert headers["X-Postrules-Sandbox"] == "nothing was published"
        print(status, answer["status"], ",".join(p["platform"] for p in answer["platforms"]))
    else:
        assert set(answer) >= {"error", "code", "message"}, answer
        print(status, answer["code"], answer.get("path", ""))


thread = {
    "content": "1/ A thread",
    "platforms": [{"platform": "twitter", "accountId": "tw_brand",
                   "platformSpecificData": {"threadItems": [{"content": "2/ " + "é" * 300}]}}],
    "publishNow": True,
}
show(*post("/api/v2/posts", {"content": "Hello from Python", "platforms": [{"platform": "twitter", "accountId": "tw_support"}],
                             "scheduledFor": "2030-01-15T09:30Z"}))
show(*post("/api/v2/posts", thread))
show(*post("/api/v2/posts", {"content": "hi", "platforms": [{"platform": "twitter"}], "publishNow": True}))
show(*post("/api/v2/posts", {"content": "hi"}, key=None))
show(*post("/api/v2/posts", b"content=hi", ctype="application/x-www-form-urlencoded"))
show(*post("/api/v2/posts", b'{"content": "hi",'))
show(*post("/api/v2/drafts/d1/publish", {"publishNow": True}))
show(*post("/api/v2/drafts/d1/publish", {"publishNow": True}))
with urllib.request.urlopen(base + "/healthz", timeout=10) as res:
    health = json.load(res)
    print(res.status, health["ok"], health["version"], health["bookVersion"])

"""`kifu lsp` fed garbage on its standard input, byte by byte as a broken
client would send it: every message it cannot take gets a JSON-RPC error,
and the server answers the next good request."""

import json
import subprocess

from conftest import KIFU, PLANTED


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def message(obj) -> bytes:
    return frame(json.dumps(obj).encode())


def responses(output: bytes) -> list[dict]:
    out = []
    while output:
        head, _, rest = output.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        out.append(json.loads(rest[:length]))
        output = rest[length:]
    return out


def test_garbage_gets_errors_and_the_server_goes_on():
    uri = PLANTED.as_uri()
    text = PLANTED.read_text()
    stdin = b"".join([
        message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
        message({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        b"this is no header\r\n\r\n",
        frame(b"{not json"),
        frame(b"[1, 2, 3]"),
        frame(b"\xff\xfe garbage bytes"),
        message({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": 7}}}),
        message({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": "file:///not/open.gobook"}, "position": {"line": 0, "character": 0}}}),
        message({"jsonrpc": "2.0", "id": 4, "method": "no/such/method", "params": {}}),
        message({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": "file:///huge.gobook", "languageId": "gobook", "version": 1,
                                             "text": "x" * (64 * 1024 * 1024 + 1)}}}),
        message({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "gobook", "version": 1, "text": text}}}),
        message({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri}, "position": {"line": 10, "character": 14}}}),
        message({"jsonrpc": "2.0", "id": 6, "method": "shutdown", "params": None}),
        message({"jsonrpc": "2.0", "method": "exit", "params": None}),
    ])
    done = subprocess.run([KIFU, "lsp"], input=stdin, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    got = responses(done.stdout)
    by_id = {r.get("id"): r for r in got if "id" in r and r.get("id") is not None}
    errors_without_id = [r for r in got if "id" in r and r["id"] is None]
    # The header, the bad JSON, the array and the bytes: four errors, no ID.
    assert len(errors_without_id) == 4, errors_without_id
    assert {r["error"]["code"] for r in errors_without_id} == {-32700, -32600}
    assert "error" in by_id[2] and "error" in by_id[3]
    assert by_id[4]["error"]["code"] == -32601
    assert "alternating players" in by_id[5]["result"]["contents"]["value"]
    assert by_id[6]["result"] is None
    shown = [r for r in got if r.get("method") == "window/showMessage"]
    assert shown and "larger than" in shown[0]["params"]["message"]

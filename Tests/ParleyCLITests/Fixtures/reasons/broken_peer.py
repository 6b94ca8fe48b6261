"""A peer that fails one way per path, for the tests that pin the reason each failure gives.

Usage: broken_peer.py  -> prints "ready http://127.0.0.1:<port>/ raw http://127.0.0.1:<raw port>/".
HTTP paths (the first path segment picks the fault):
  POST /ok/...           PolyAI's handshake answered: /access-token and /sessions; CometChat's auth token
  PUT  /ok/v3.0/me       CometChat's login: a JWT (the agent names its socket with websocket_url)
  POST /rest429/...      429 Too Many Requests with Retry-After: 30, every time
  POST /slow/...         answers after 60 s (a token endpoint that answers late)
  GET  /ws404            a WebSocket upgrade answered 404 Not Found
  GET  /wshang           a WebSocket upgrade never answered
  GET  /wssilent         a WebSocket upgrade accepted (101), then not a byte
  POST /junk             AG-UI: 200 text/event-stream, then binary junk, then close
The raw port is no HTTP server: it writes an SSH banner and closes.
"""
import json
import os
import socket
import socketserver
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from raw_http import answer, read_request, upgrade_accept  # noqa: E402

JUNK = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + bytes(range(256)) * 4


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        request = read_request(self.request)
        if request is None:
            return
        method, path, headers, _ = request
        fault = path.strip("/").split("/")[0].split("?")[0]
        if method == "GET" and fault == "ws404":
            return answer(self.request, "404 Not Found", b"no socket here", "text/plain")
        if method == "GET" and fault == "wshang":
            return time.sleep(120)
        if method == "GET" and fault == "wssilent":
            accept = upgrade_accept(headers)
            self.request.sendall(
                ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Accept: {accept}\r\n\r\n").encode())
            return time.sleep(120)
        if fault == "rest429":
            return answer(self.request, "429 Too Many Requests", b'{"message":"Too many requests"}', extra=["Retry-After: 30"])
        if fault == "slow":
            time.sleep(60)
            return answer(self.request, "200 OK", b'{"access_token":"late"}')
        if fault == "ok":
            if path.endswith("/access-token"):
                return answer(self.request, "200 OK", b'{"access_token":"token-1"}')
            if path.endswith("/sessions"):
                return answer(self.request, "200 OK", b'{"session_id":"session-1"}')
            if path.endswith("/auth_tokens"):
                return answer(self.request, "200 OK", json.dumps({"data": {"authToken": "auth-1"}}).encode())
            if method == "PUT" and path.endswith("/me"):
                return answer(self.request, "200 OK", json.dumps({"data": {"uid": "cometchat-uid-1", "jwt": "jwt-1"}}).encode())
        if fault == "junk":
            self.request.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n" + JUNK)
            self.request.shutdown(socket.SHUT_RDWR)
            return
        answer(self.request, "404 Not Found", b"unknown path " + path.encode(), "text/plain")


def raw_banner(listener):
    while True:
        connection, _ = listener.accept()
        try:
            connection.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
            # Read what the client sent before closing, so the close is a FIN, not a reset.
            connection.settimeout(0.5)
            try:
                connection.recv(65536)
            except OSError:
                pass
            connection.close()
        except OSError:
            pass


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    # Python's default listen backlog is 5: a burst of parallel flows overflows it, and a dropped
    # SYN is sent again only after a second, which reads as a peer that did not answer.
    request_queue_size = 128
    allow_reuse_address = True


server = Server(("127.0.0.1", 0), Handler)
raw = socket.socket()
raw.bind(("127.0.0.1", 0))
raw.listen(64)
threading.Thread(target=raw_banner, args=(raw,), daemon=True).start()
print(f"ready http://127.0.0.1:{server.server_address[1]}/ raw http://127.0.0.1:{raw.getsockname()[1]}/", flush=True)
server.serve_forever()

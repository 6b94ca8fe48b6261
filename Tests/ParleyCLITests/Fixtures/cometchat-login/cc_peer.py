"""A CometChat-shaped peer that logs the user in as the SDK does, then logs them out on the socket.

Usage: cc_peer.py AUTH_TOKEN JWT -> prints "ready http://127.0.0.1:<port>/".
  POST /v3/users/{uid}/auth_tokens   {"data": {"authToken": AUTH_TOKEN}}
  PUT  /v3.0/me                      with header authToken == AUTH_TOKEN: {"data": {"jwt": JWT, "authToken", "settings"}},
                                     settings naming this host and port (CHAT_HOST, CHAT_WSS_PORT as a number)
  GET  /                             the socket: the auth frame must carry JWT in body.auth; answered with a numeric
                                     code 200 and status "ok"; once a message is sent, closed with 1002 USER_LOGGED_OUT
  POST /v3/messages                  {"data": {"id": 1, …}}
Anything else is a 404. Every request line is written to stderr.
"""
import json
import os
import socketserver
import struct
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from raw_http import answer, read_request, upgrade_accept  # noqa: E402

AUTH_TOKEN, JWT = sys.argv[1], sys.argv[2]
message_sent = threading.Event()


def read_frame(connection):
    """The payload of one client frame (masked, as clients send them), or None when it closed."""
    head = connection.recv(2)
    if len(head) < 2:
        return None
    length = head[1] & 0x7F
    if length == 126:
        length = struct.unpack(">H", connection.recv(2))[0]
    elif length == 127:
        length = struct.unpack(">Q", connection.recv(8))[0]
    mask = connection.recv(4)
    data = b""
    while len(data) < length:
        chunk = connection.recv(length - len(data))
        if not chunk:
            return None
        data += chunk
    return bytes(byte ^ mask[index % 4] for index, byte in enumerate(data))


def frame(opcode, payload):
    if len(payload) < 126:
        return bytes([0x80 | opcode, len(payload)]) + payload
    return bytes([0x80 | opcode, 126]) + struct.pack(">H", len(payload)) + payload


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        request = self.request
        parsed = read_request(request)
        if parsed is None:
            return
        method, path, headers, _ = parsed
        sys.stderr.write(f"{method} {path}\n")
        route = path.split("?")[0]
        if method == "GET" and route == "/":
            request.sendall(
                ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Accept: {upgrade_accept(headers)}\r\n\r\n").encode())
            auth = json.loads(read_frame(request) or b"{}")
            if auth.get("body", {}).get("auth") != JWT:
                reply = {"type": "auth", "body": {"code": 401, "status": "ERROR", "message": "not the JWT"}}
                request.sendall(frame(0x1, json.dumps(reply).encode()))
                return
            request.sendall(frame(0x1, json.dumps({"type": "auth", "body": {"code": 200, "status": "ok"}}).encode()))
            message_sent.wait(30)
            request.sendall(frame(0x8, struct.pack(">H", 1002) + b"USER_LOGGED_OUT"))
            request.settimeout(5)
            try:
                while read_frame(request) is not None:
                    pass
            except OSError:
                pass
            return
        if method == "POST" and route.endswith("/auth_tokens"):
            return answer(request, "200 OK", json.dumps({"data": {"uid": "cometchat-uid-1", "authToken": AUTH_TOKEN}}).encode())
        if method == "PUT" and route == "/v3.0/me":
            if headers.get("authtoken") != AUTH_TOKEN:
                return answer(request, "401 Unauthorized", b'{"error":{"code":"AUTH_ERR_AUTH_TOKEN_NOT_FOUND","message":"no"}}')
            port = self.server.server_address[1]
            data = {"uid": "cometchat-uid-1", "authToken": AUTH_TOKEN, "jwt": JWT,
                    "settings": {"CHAT_HOST": "127.0.0.1", "CHAT_WSS_PORT": port}}
            return answer(request, "200 OK", json.dumps({"data": data}).encode())
        if method == "POST" and route == "/v3/messages":
            message_sent.set()
            body = {"data": {"id": 1, "sender": "cometchat-uid-1", "category": "message", "type": "text", "data": {"text": "hello"}}}
            return answer(request, "200 OK", json.dumps(body).encode())
        answer(request, "404 Not Found", b"unknown path " + path.encode(), "text/plain")


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    # Python's default listen backlog is 5: a burst of parallel flows overflows it, and a dropped
    # SYN is sent again only after a second, which reads as a peer that did not answer.
    request_queue_size = 128
    allow_reuse_address = True


server = Server(("127.0.0.1", 0), Handler)
print(f"ready http://127.0.0.1:{server.server_address[1]}/", flush=True)
server.serve_forever()

"""A PolyAI- and CometChat-shaped peer whose socket sends one 50 MB text message.

Usage: ws_peer.py  -> prints "ready http://127.0.0.1:<port>/".
  POST /ok/.../access-token, /ok/.../sessions   PolyAI's REST handshake
  POST /ok/.../auth_tokens, /ok/.../messages     CometChat's auth token and a sent message
  PUT  /ok/v3.0/me                              CometChat's login: a JWT
  GET  /polyws     the upgrade accepted, then one 50 MB text message at once
  GET  /cometws    the upgrade accepted, the auth frame and the first ping answered, then one 50 MB text message once
                   the flow's message has been sent (POST /messages)
The message is sent as 8 MB fragments (each under the client's frame limit), streamed in 1 MB writes.
"""
import json
import os
import socketserver
import struct
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from raw_http import answer, read_request, upgrade_accept  # noqa: E402

SIZE = 50 * 1000 * 1000
message_sent = threading.Event()


def text_frame(payload):
    return bytes([0x81, len(payload)]) + payload


def send_oversized(connection):
    # One 50 MB text message in 8 MB fragments (text, then continuations, FIN on the last), each
    # header in the 64-bit length form: every frame is under the client's 16 MiB frame limit, the
    # message is not. (A single 50 MB frame is refused by NIO too, but the client reports it only
    # as a dropped connection: see docs/polyai.md.)
    fragment = 8 * 1000 * 1000
    chunk = b"x" * (1000 * 1000)
    try:
        for index in range(SIZE // fragment + 1):
            size = min(fragment, SIZE - index * fragment)
            last = index == SIZE // fragment
            opcode = 0x1 if index == 0 else 0x0
            connection.sendall(bytes([(0x80 if last else 0) | opcode, 127]) + struct.pack(">Q", size))
            for _ in range(size // len(chunk)):
                connection.sendall(chunk)
    except OSError:
        pass  # The client closed the socket instead of reading on: what the test wants.


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        request = self.request
        parsed = read_request(request)
        if parsed is None:
            return
        method, path, headers, _ = parsed
        route = path.split("?")[0].rstrip("/")
        if method == "GET" and route in ("/polyws", "/cometws"):
            accept = upgrade_accept(headers)
            request.sendall(
                ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Accept: {accept}\r\n\r\n").encode())
            if route == "/cometws":
                request.recv(65536)  # the client's auth frame
                request.sendall(text_frame(json.dumps({"type": "auth", "body": {"code": "200", "status": "OK"}}).encode()))
                # The client pings at once and gives up on a socket whose pong is 3 s late. Answered
                # here, before the 50 MB that would queue behind it: on a loaded machine sending 24 MB
                # took longer than that, the socket was reconnected, and the refusal never showed.
                request.settimeout(30)
                try:
                    request.recv(65536)  # the client's ping
                    request.sendall(text_frame(json.dumps({"action": "pong"}).encode()))
                except OSError:
                    pass
                request.settimeout(None)
                message_sent.wait(30)
            send_oversized(request)
            # The client's close frame (1009) ends the connection; the server closes it, as it should.
            request.settimeout(30)
            try:
                request.recv(65536)
            except OSError:
                pass
            return
        if route.endswith("/access-token"):
            return answer(request, "200 OK", b'{"access_token":"token-1"}')
        if route.endswith("/sessions"):
            return answer(request, "200 OK", b'{"session_id":"session-1"}')
        if method == "PUT" and route.endswith("/me"):
            return answer(request, "200 OK", json.dumps({"data": {"uid": "cometchat-uid-1", "jwt": "jwt-1"}}).encode())
        if route.endswith("/auth_tokens"):
            return answer(request, "200 OK", json.dumps({"data": {"authToken": "auth-1"}}).encode())
        if route.endswith("/messages"):
            message_sent.set()
            return answer(request, "200 OK", json.dumps({"data": {"id": 1, "type": "text", "data": {"text": "hello"}}}).encode())
        answer(request, "404 Not Found", b"unknown path " + path.encode())


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    # Python's default listen backlog is 5: a burst of parallel flows overflows it, and a dropped
    # SYN is sent again only after a second, which reads as a peer that did not answer.
    request_queue_size = 128
    allow_reuse_address = True


server = Server(("127.0.0.1", 0), Handler)
print(f"ready http://127.0.0.1:{server.server_address[1]}/", flush=True)
server.serve_forever()

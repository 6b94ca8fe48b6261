"""An AG-UI agent that misbehaves on purpose, one way per path, for the connector's failure tests.

Usage: misbehaving_agent.py  -> prints "ready http://127.0.0.1:<port>/" once listening.
Paths: /ok, /status-500, /html, /endless, /drop, /hang, /garbage, /violation, /run-error, /no-finish.
"""
import json
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def frame(event):
    return ("data: " + json.dumps(event, separators=(",", ":")) + "\n\n").encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        thread, run = body.get("threadId", "t"), body.get("runId", "r")
        started = {"type": "RUN_STARTED", "threadId": thread, "runId": run}
        finished = {"type": "RUN_FINISHED", "threadId": thread, "runId": run}
        text = [
            {"type": "TEXT_MESSAGE_START", "messageId": "m1", "role": "assistant"},
            {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m1", "delta": "Hello from the agent"},
            {"type": "TEXT_MESSAGE_END", "messageId": "m1"},
        ]
        path = self.path.rstrip("/")
        if path == "/status-500":
            return self.plain(500, "text/plain", b"upstream model unavailable")
        if path == "/html":
            return self.plain(200, "text/html", b"<html><body>Login required</body></html>")
        if path == "/endless":
            # Not an event stream, and it never ends: a log tail behind the wrong URL.
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            line = 0
            while True:
                line += 1
                self.chunk(b"log line %d: nothing to see here\n" % line * 32)
                time.sleep(0.05)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if path == "/ok":
            self.chunks([started] + text + [finished])
            return self.end()
        if path == "/drop":
            self.chunks([started, text[0], text[1]])
            # Close the socket mid-body: no terminating chunk.
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if path == "/hang":
            self.chunks([started, text[0]])
            time.sleep(600)
            return
        if path == "/garbage":
            self.chunk(frame(started) + b"data: {\"type\": \"TEXT_MESSAGE_START\", \"messageId\n\n")
            return self.end()
        if path == "/violation":
            self.chunks([started, text[0], finished])
            return self.end()
        if path == "/run-error":
            self.chunks([started, {"type": "RUN_ERROR", "message": "the model provider rejected the request", "code": "provider_error"}])
            return self.end()
        if path == "/no-finish":
            self.chunks([started] + text)
            return self.end()
        self.chunks([{"type": "RUN_ERROR", "message": "unknown path " + path}])
        self.end()

    def plain(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def chunks(self, events):
        for event in events:
            self.chunk(frame(event))

    def end(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Python's default listen backlog is 5: a burst of parallel flows overflows it, and a dropped
    # SYN is sent again only after a second, which reads as a peer that did not answer.
    request_queue_size = 128


server = Server(("127.0.0.1", 0), Handler)
print("ready http://127.0.0.1:%d/" % server.server_address[1], flush=True)
server.serve_forever()

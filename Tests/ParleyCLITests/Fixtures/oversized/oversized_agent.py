"""An AG-UI agent that sends one 50 MB event, for the connector's event size limit test.

Usage: oversized_agent.py  -> prints "ready http://127.0.0.1:<port>/" once listening.
Every POST answers RUN_STARTED, TEXT_MESSAGE_START, then a TEXT_MESSAGE_CONTENT event whose one
data line is 50 MB, written a megabyte at a time, then the rest of a well-formed run.
"""
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SIZE = 50 * 1024 * 1024


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
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            self.chunk(frame({"type": "RUN_STARTED", "threadId": thread, "runId": run}))
            self.chunk(frame({"type": "TEXT_MESSAGE_START", "messageId": "m1", "role": "assistant"}))
            self.chunk(b'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"')
            block = b"x" * (1024 * 1024)
            for _ in range(SIZE // len(block)):
                self.chunk(block)
            self.chunk(b'"}\n\n')
            self.chunk(frame({"type": "TEXT_MESSAGE_END", "messageId": "m1"}))
            self.chunk(frame({"type": "RUN_FINISHED", "threadId": thread, "runId": run}))
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            # Parley refused the event and hung up: that is the point.
            pass

    def chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Python's default listen backlog is 5: a burst of parallel flows overflows it, and a dropped
    # SYN is sent again only after a second, which reads as a peer that did not answer.
    request_queue_size = 128


server = Server(("127.0.0.1", 0), Handler)
print("ready http://127.0.0.1:%d/" % server.server_address[1], flush=True)
server.serve_forever()

"""HTTP by hand for the broken peers (reasons/broken_peer.py, oversized-ws/ws_peer.py): they
answer what no HTTP library would let them, so they read requests and write answers themselves."""
import base64
import hashlib

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def read_request(connection):
    """(method, path, headers with lower-case names, body), or None when the peer closed first."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        rest += chunk
    return method, path, headers, rest


def answer(connection, status, body=b"", content_type="application/json", extra=()):
    head = [f"HTTP/1.1 {status}", f"Content-Type: {content_type}", f"Content-Length: {len(body)}", "Connection: close"]
    head += list(extra)
    connection.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + body)


def upgrade_accept(headers):
    """The Sec-WebSocket-Accept value for a request's Sec-WebSocket-Key."""
    return base64.b64encode(hashlib.sha1((headers.get("sec-websocket-key", "") + GUID).encode()).digest()).decode()

